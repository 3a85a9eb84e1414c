import type { HeadersFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthCard, AuthField, AuthSubmit, BackToLogin } from '~/components/accounts/auth-card'
import { titled } from '~/components/site/meta'
import { forgotPasswordAction, forgotPasswordLoader } from '~/doors/accounts/sign-in.server'

export const handle = { regency: true }

export const meta = titled('Lupa Password')

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export const loader = forgotPasswordLoader
export const action = forgotPasswordAction

export default function ForgotPassword() {
  const { canMail } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const submitting = useNavigation().state !== 'idle'
  return (
    <AuthCard title="Lupa Password">
      {!canMail ? (
        <p className="text-sm text-gray-700">
          Situs ini belum dapat mengirim email. Hubungi administrator desa: ia dapat membuatkan tautan untuk mengatur
          ulang password Anda dari halaman pengguna.
        </p>
      ) : answer?.sent ? (
        <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
          Jika email tersebut terdaftar, tautan untuk mengatur ulang password telah dikirim ke sana. Tautan berlaku 60
          menit. Periksa juga folder spam.
        </p>
      ) : (
        <Form method="post" className="space-y-4" noValidate>
          <p className="text-sm text-gray-600">
            Masukkan email akun Anda. Kami akan mengirim tautan untuk membuat password baru.
          </p>
          <AuthField name="email" label="Email" type="email" autoComplete="email" error={answer?.error ?? undefined} />
          <AuthSubmit label="Kirim Tautan Reset" pendingLabel="Mengirim..." busy={submitting} />
        </Form>
      )}
      <BackToLogin spaced />
    </AuthCard>
  )
}
