import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { jsonWithSuccess } from 'remix-toast'
import { actorOf } from '~/auth/actor.server'
import { requireUser } from '~/auth/session.server'
import { errorFor, SubmitButton, TextField, type FieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { formatDateTime } from '~/lib/format'
import { describeDevice } from '~/lib/user-agent'
import { readUrlEncoded } from '~/server/form-input.server'
import { HttpError } from '~/server/http.server'
import { endOwnSession, endSessions, listSessions } from '~/models/session.server'
import { beginTwoFactorSetup, disableTwoFactor, enableTwoFactor, qrSvg, recoveryCodesLeft } from '~/models/two-factor.server'
import { changeOwnPassword, updateOwnProfile } from '~/models/user.server'

export const meta = titled('Akun Saya')

/** Akun Saya: every logged-in user's own profile, password, two-factor login and devices (no permission needed). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const [sessions, codesLeft] = await Promise.all([listSessions(user.id, user.claims.jti), user.two_factor_enabled ? recoveryCodesLeft(user.id) : 0])
  return {
    account: { name: user.name, username: user.username, email: user.email, twoFactor: user.two_factor_enabled },
    codesLeft,
    sessions: sessions.map((session) => ({ ...session, device: describeDevice(session.user_agent) })),
  }
}

type Intent = 'profile' | 'password' | 'two-factor-setup' | 'two-factor-enable' | 'two-factor-disable' | 'end-session' | 'end-others'
type AccountAnswer = {
  intent: Intent
  errors: FieldErrors
  setup?: { secret: string; qr: string }
  recoveryCodes?: string[]
}

const done = (answer: AccountAnswer, message: string) => jsonWithSuccess<AccountAnswer>(answer, { message, duration: 3000 })

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const form = Object.fromEntries(await readUrlEncoded(request))
  const intent = form.intent as Intent
  const actor = actorOf(request, user)
  try {
    switch (intent) {
      case 'profile':
        await updateOwnProfile(user.id, form, actor)
        return done({ intent, errors: null }, 'Profil berhasil disimpan.')
      case 'password':
        await changeOwnPassword(user.id, user.claims.jti, form, actor)
        return done({ intent, errors: null }, 'Password berhasil diganti. Perangkat lain telah dikeluarkan.')
      case 'two-factor-setup': {
        const setup = await beginTwoFactorSetup(user.id)
        const qr = `data:image/svg+xml;base64,${Buffer.from(qrSvg(setup.otpauth_url)).toString('base64')}`
        return data<AccountAnswer>({ intent, errors: null, setup: { secret: setup.secret, qr } })
      }
      case 'two-factor-enable': {
        const { recovery_codes } = await enableTwoFactor(user.id, form.code, actor)
        return done({ intent, errors: null, recoveryCodes: recovery_codes }, 'Verifikasi dua langkah aktif.')
      }
      case 'two-factor-disable':
        await disableTwoFactor(user.id, form.password, actor)
        return done({ intent, errors: null }, 'Verifikasi dua langkah dinonaktifkan.')
      case 'end-session':
        await endOwnSession(user.id, String(form.id ?? ''), actor)
        return done({ intent, errors: null }, 'Perangkat telah dikeluarkan.')
      case 'end-others':
        await endSessions(user.id, actor, user.claims.jti)
        return done({ intent, errors: null }, 'Semua perangkat lain telah dikeluarkan.')
      default:
        throw new Response('Bad Request', { status: 400 })
    }
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      return data<AccountAnswer>({ intent, errors: error.errors ?? { Error: error.message } }, { status: error.status })
    }
    throw error
  }
}

function Card({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <h2 className="text-base font-semibold text-gray-900">{title}</h2>
      {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  )
}

/** The answer of the action when it was for `intent`. */
function useAnswer(intent: Intent | Intent[]): AccountAnswer | undefined {
  const answer = useActionData<typeof action>() as AccountAnswer | undefined
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

const secondaryButton = 'rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50'

function ProfileCard({ account }: { account: { name: string; email: string } }) {
  const errors = useAnswer('profile')?.errors
  return (
    <Card title="Profil" description="Nama dan email akun Anda.">
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <TextField label="Nama Lengkap" name="name" defaultValue={account.name} error={errorFor(errors, 'Name')} autoComplete="name" />
        <TextField label="Email" name="email" type="email" defaultValue={account.email} error={errorFor(errors, 'Email')} autoComplete="email" />
        <div className="flex justify-end">
          <SubmitButton label="Simpan Profil" pendingLabel="Menyimpan..." />
        </div>
      </Form>
    </Card>
  )
}

function PasswordCard() {
  const answer = useAnswer('password')
  const errors = answer?.errors
  return (
    <Card title="Ganti Password" description="Setelah password diganti, semua perangkat lain keluar; perangkat ini tetap masuk.">
      {/* Emptied after a change: a new key after each successful answer. */}
      <Form key={answer && !errors ? 'changed' : 'form'} method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="password" />
        <TextField label="Password Saat Ini" name="current_password" type="password" autoComplete="current-password" error={errorFor(errors, 'Current_password')} />
        <TextField label="Password Baru" name="password" type="password" autoComplete="new-password" error={errorFor(errors, 'Password')} />
        <TextField label="Ulangi Password Baru" name="password_confirmation" type="password" autoComplete="new-password" error={errorFor(errors, 'Password_confirmation')} />
        <div className="flex justify-end">
          <SubmitButton label="Ganti Password" pendingLabel="Menyimpan..." />
        </div>
      </Form>
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
      <Card title="Verifikasi Dua Langkah" description="Aktif. Simpan kode pemulihan di bawah ini di tempat yang aman: kode ini hanya ditampilkan sekali.">
        <p className="text-sm text-gray-700">
          Setiap kode pemulihan dapat dipakai satu kali untuk masuk bila ponsel Anda hilang atau aplikasi autentikator tidak tersedia.
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
      <Card title="Verifikasi Dua Langkah" description={`Aktif. Saat login, Anda diminta kode dari aplikasi autentikator. Sisa kode pemulihan: ${codesLeft}.`}>
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="two-factor-disable" />
          <TextField label="Password untuk menonaktifkan" name="password" type="password" autoComplete="current-password" error={errorFor(errors, 'Password')} />
          <div className="flex justify-end">
            <SubmitButton label="Nonaktifkan Verifikasi Dua Langkah" pendingLabel="Memproses..." />
          </div>
        </Form>
      </Card>
    )
  }
  if (setup) {
    return (
      <Card title="Verifikasi Dua Langkah" description="Pindai kode QR ini dengan Google Authenticator, Aegis, 2FAS atau aplikasi autentikator lain, lalu masukkan kode 6 digit yang muncul.">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <img src={setup.qr} alt="Kode QR untuk aplikasi autentikator" width={200} height={200} className="h-48 w-48 rounded-lg border border-gray-200" />
          <div className="min-w-0 flex-1 space-y-4">
            <p className="text-sm text-gray-700">
              Tidak bisa memindai? Masukkan kunci ini secara manual:
              <code data-testid="two-factor-secret" className="mt-1 block break-all rounded-lg bg-gray-100 px-3 py-2 font-mono text-sm">
                {setup.secret}
              </code>
            </p>
            <Form method="post" className="space-y-4" noValidate>
              <input type="hidden" name="intent" value="two-factor-enable" />
              <TextField label="Kode dari aplikasi" name="code" autoComplete="one-time-code" error={errorFor(errors, 'Code')} />
              <div className="flex justify-end">
                <SubmitButton label="Aktifkan" pendingLabel="Memproses..." />
              </div>
            </Form>
          </div>
        </div>
      </Card>
    )
  }
  return (
    <Card title="Verifikasi Dua Langkah" description="Belum aktif. Dengan verifikasi dua langkah, login juga meminta kode dari aplikasi di ponsel Anda.">
      <Problem message={errorFor(errors, 'Code', 'Error')} />
      <Form method="post" className="flex justify-end">
        <input type="hidden" name="intent" value="two-factor-setup" />
        <SubmitButton label="Aktifkan Verifikasi Dua Langkah" pendingLabel="Memproses..." />
      </Form>
    </Card>
  )
}

type Device = { id: string; created_at: Date | string; last_used_at: Date | string; ip: string | null; device: string; current: boolean }

function DevicesCard({ sessions }: { sessions: Device[] }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const others = sessions.filter((session) => !session.current)
  return (
    <Card title="Perangkat yang Masuk" description="Perangkat dan aplikasi yang sedang masuk ke akun Anda.">
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <thead className="bg-gray-50 text-xs font-semibold uppercase tracking-wide text-gray-500">
            <tr>
              <th scope="col" className="px-3 py-2">Perangkat</th>
              <th scope="col" className="px-3 py-2">Alamat IP</th>
              <th scope="col" className="px-3 py-2">Masuk</th>
              <th scope="col" className="px-3 py-2">Terakhir aktif</th>
              <th scope="col" className="px-3 py-2 text-right">Aksi</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.id} className="border-t border-gray-100">
                <td className="px-3 py-2 text-gray-800">
                  {session.device}
                  {session.current ? <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">Perangkat ini</span> : null}
                </td>
                <td className="px-3 py-2 text-gray-700">{session.ip ?? '-'}</td>
                <td className="px-3 py-2 text-gray-700">{formatDateTime(session.created_at)}</td>
                <td className="px-3 py-2 text-gray-700">{formatDateTime(session.last_used_at)}</td>
                <td className="px-3 py-2 text-right">
                  {session.current ? null : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="end-session" />
                      <input type="hidden" name="id" value={session.id} />
                      <button type="submit" disabled={busy} aria-label={`Keluarkan ${session.device}, masuk ${formatDateTime(session.created_at)}`} className={secondaryButton}>
                        Keluarkan
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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

export default function Account() {
  const { account, codesLeft, sessions } = useLoaderData<typeof loader>()
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
