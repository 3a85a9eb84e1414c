import { Form, useActionData, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { errorFor, SubmitButton, TextFields, type TextFieldSpec } from '~/components/shared/form'
import { ListTable } from '~/components/shared/list-table'
import type { AccountAnswer, AccountIntent } from '~/lib/account-answer'
import { formatDateTime } from '~/lib/format'

/** Akun Saya (/admin/account): the screen of app/doors/accounts/account.server.ts's loader and action. */

function Card({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <h2 className="text-base font-semibold text-gray-900">{title}</h2>
      {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  )
}

/** The answer of the action when it was for `intent`. */
function useAnswer(intent: AccountIntent | AccountIntent[]): AccountAnswer | undefined {
  const answer = useActionData() as AccountAnswer | undefined
  return answer && (Array.isArray(intent) ? intent : [intent]).includes(answer.intent) ? answer : undefined
}

function Problem({ message }: { message?: string }) {
  if (!message) return null
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  )
}

/** One of the screen's forms: its `intent`, its fields, and its button on the right. */
function IntentForm({
  intent,
  label,
  pendingLabel,
  children,
}: {
  intent: AccountIntent
  label: string
  pendingLabel: string
  children: ReactNode
}) {
  return (
    <Form method="post" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <div className="flex justify-end">
        <SubmitButton label={label} pendingLabel={pendingLabel} />
      </div>
    </Form>
  )
}

const secondaryButton =
  'rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50'

const PROFILE_FIELDS: TextFieldSpec[] = [
  { label: 'Nama Lengkap', name: 'name', autoComplete: 'name' },
  { label: 'Email', name: 'email', type: 'email', autoComplete: 'email' },
]

const PASSWORD_FIELDS: TextFieldSpec[] = [
  { label: 'Password Saat Ini', name: 'current_password', type: 'password', autoComplete: 'current-password' },
  { label: 'Password Baru', name: 'password', type: 'password', autoComplete: 'new-password' },
  { label: 'Ulangi Password Baru', name: 'password_confirmation', type: 'password', autoComplete: 'new-password' },
]

const DISABLE_FIELDS: TextFieldSpec[] = [
  { label: 'Password untuk menonaktifkan', name: 'password', type: 'password', autoComplete: 'current-password' },
]

const ENABLE_FIELDS: TextFieldSpec[] = [{ label: 'Kode dari aplikasi', name: 'code', autoComplete: 'one-time-code' }]

function ProfileCard({ account }: { account: { name: string; email: string } }) {
  const errors = useAnswer('profile')?.errors
  return (
    <Card title="Profil" description="Nama dan email akun Anda.">
      <IntentForm intent="profile" label="Simpan Profil" pendingLabel="Menyimpan...">
        <TextFields fields={PROFILE_FIELDS} values={account} errors={errors} />
      </IntentForm>
    </Card>
  )
}

function PasswordCard() {
  const answer = useAnswer('password')
  const errors = answer?.errors
  return (
    <Card
      title="Ganti Password"
      description="Setelah password diganti, semua perangkat lain keluar; perangkat ini tetap masuk."
    >
      {/* Emptied after a change: a new key after each successful answer. */}
      <IntentForm
        key={answer && !errors ? 'changed' : 'form'}
        intent="password"
        label="Ganti Password"
        pendingLabel="Menyimpan..."
      >
        <TextFields fields={PASSWORD_FIELDS} errors={errors} />
      </IntentForm>
    </Card>
  )
}

function TwoFactorCard({ enabled, codesLeft }: { enabled: boolean; codesLeft: number }) {
  const answer = useAnswer(['two-factor-setup', 'two-factor-enable', 'two-factor-disable'])
  const setup = useAnswer('two-factor-setup')?.setup
  const enableAnswer = useAnswer('two-factor-enable')
  const errors = answer?.errors
  if (enableAnswer?.recoveryCodes) {
    return (
      <Card
        title="Verifikasi Dua Langkah"
        description="Aktif. Simpan kode pemulihan di bawah ini di tempat yang aman: kode ini hanya ditampilkan sekali."
      >
        <p className="text-sm text-gray-700">
          Setiap kode pemulihan dapat dipakai satu kali untuk masuk bila ponsel Anda hilang atau aplikasi autentikator
          tidak tersedia.
        </p>
        <ul aria-label="Kode pemulihan" className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
          {enableAnswer.recoveryCodes.map((code) => (
            <li key={code} className="rounded-lg bg-gray-100 px-3 py-2 text-center">
              {code}
            </li>
          ))}
        </ul>
      </Card>
    )
  }
  if (enabled) {
    return (
      <Card
        title="Verifikasi Dua Langkah"
        description={
          `Aktif. Saat login, Anda diminta kode dari aplikasi autentikator. ` + `Sisa kode pemulihan: ${codesLeft}.`
        }
      >
        <IntentForm intent="two-factor-disable" label="Nonaktifkan Verifikasi Dua Langkah" pendingLabel="Memproses...">
          <TextFields fields={DISABLE_FIELDS} errors={errors} />
        </IntentForm>
      </Card>
    )
  }
  if (setup) {
    return (
      <Card
        title="Verifikasi Dua Langkah"
        description={
          'Pindai kode QR ini dengan Google Authenticator, Aegis, 2FAS atau aplikasi autentikator lain, ' +
          'lalu masukkan kode 6 digit yang muncul.'
        }
      >
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <img
            src={setup.qr}
            alt="Kode QR untuk aplikasi autentikator"
            width={200}
            height={200}
            className="h-48 w-48 rounded-lg border border-gray-200"
          />
          <div className="min-w-0 flex-1 space-y-4">
            <p className="text-sm text-gray-700">
              Tidak bisa memindai? Masukkan kunci ini secara manual:
              <code
                data-testid="two-factor-secret"
                className="mt-1 block break-all rounded-lg bg-gray-100 px-3 py-2 font-mono text-sm"
              >
                {setup.secret}
              </code>
            </p>
            <IntentForm intent="two-factor-enable" label="Aktifkan" pendingLabel="Memproses...">
              <TextFields fields={ENABLE_FIELDS} errors={errors} />
            </IntentForm>
          </div>
        </div>
      </Card>
    )
  }
  return (
    <Card
      title="Verifikasi Dua Langkah"
      description="Belum aktif. Dengan verifikasi dua langkah, login juga meminta kode dari aplikasi di ponsel Anda."
    >
      <Problem message={errorFor(errors, 'Code', 'Error')} />
      <Form method="post" className="flex justify-end">
        <input type="hidden" name="intent" value="two-factor-setup" />
        <SubmitButton label="Aktifkan Verifikasi Dua Langkah" pendingLabel="Memproses..." />
      </Form>
    </Card>
  )
}

type Device = {
  id: string
  created_at: Date | string
  last_used_at: Date | string
  ip: string | null
  device: string
  current: boolean
}

function DevicesCard({ sessions }: { sessions: Device[] }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const others = sessions.filter((session) => !session.current)
  return (
    <Card title="Perangkat yang Masuk" description="Perangkat dan aplikasi yang sedang masuk ke akun Anda.">
      <ListTable headers={['Perangkat', 'Alamat IP', 'Masuk', 'Terakhir aktif']} actions="Aksi" dense>
        {sessions.map((session) => (
          <tr key={session.id} className="border-t border-gray-100">
            <td className="px-3 py-2 text-gray-800">
              {session.device}
              {session.current ? (
                <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                  Perangkat ini
                </span>
              ) : null}
            </td>
            <td className="px-3 py-2 text-gray-700">{session.ip ?? '-'}</td>
            <td className="px-3 py-2 text-gray-700">{formatDateTime(session.created_at)}</td>
            <td className="px-3 py-2 text-gray-700">{formatDateTime(session.last_used_at)}</td>
            <td className="px-3 py-2 text-right">
              {session.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="id" value={session.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    aria-label={`Keluarkan ${session.device}, masuk ${formatDateTime(session.created_at)}`}
                    className={secondaryButton}
                  >
                    Keluarkan
                  </button>
                </Form>
              )}
            </td>
          </tr>
        ))}
      </ListTable>
      {others.length ? (
        <Form method="post" className="mt-4 flex justify-end">
          <input type="hidden" name="intent" value="end-others" />
          <button type="submit" disabled={busy} className={secondaryButton}>
            Keluarkan Semua Perangkat Lain
          </button>
        </Form>
      ) : null}
    </Card>
  )
}

type AccountScreenProps = {
  account: { name: string; username: string; email: string; twoFactor: boolean }
  codesLeft: number
  sessions: Device[]
}

export function AccountScreen({ account, codesLeft, sessions }: AccountScreenProps) {
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold text-gray-900">Akun Saya</h1>
        <p className="mt-1 text-sm text-gray-600">
          @{account.username} · {account.email}
        </p>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <ProfileCard account={account} />
        <PasswordCard />
      </div>
      <TwoFactorCard enabled={account.twoFactor} codesLeft={codesLeft} />
      <DevicesCard sessions={sessions} />
    </section>
  )
}
