import type { HeadersFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthCard, authButtonClass, AuthField, AuthSubmit, BackToLogin } from '~/components/accounts/auth-card'
import { titled } from '~/components/site/meta'
import { resetPasswordAction, resetPasswordLoader } from '~/doors/accounts/sign-in.server'

export const handle = { regency: true }

export const meta = titled('Buat Password Baru')

// The token is a secret: this page is never stored by the response cache or the browser, nor sent on as a referrer.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' })

export const loader = resetPasswordLoader
export const action = resetPasswordAction

const EXPIRED = 'Tautan ini tidak berlaku: sudah dipakai atau lewat 60 menit. Minta tautan baru kepada administrator.'

export default function ResetPassword() {
  const { valid } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const submitting = useNavigation().state !== 'idle'
  const errors = answer?.errors
  if (answer?.done) {
    return (
      <AuthCard title="Password Diperbarui">
        <p role="status" className="text-sm text-gray-700">
          Password Anda sudah diganti dan semua perangkat yang masuk dengan password lama telah dikeluarkan.
        </p>
        <Link to="/login" className={`mt-6 block text-center ${authButtonClass}`}>
          Login
        </Link>
      </AuthCard>
    )
  }
  if (!valid || errors?.Token) {
    return (
      <AuthCard title="Tautan Tidak Berlaku" error={EXPIRED}>
        <BackToLogin />
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Buat Password Baru">
      <Form method="post" className="space-y-4" noValidate>
        <AuthField
          name="password"
          label="Password Baru"
          type="password"
          autoComplete="new-password"
          error={errors?.Password}
        />
        <AuthField
          name="password_confirmation"
          label="Ulangi Password Baru"
          type="password"
          autoComplete="new-password"
          error={errors?.Password_confirmation}
        />
        <AuthSubmit label="Simpan Password Baru" pendingLabel="Menyimpan..." busy={submitting} />
      </Form>
    </AuthCard>
  )
}
