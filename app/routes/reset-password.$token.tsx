import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { clientAddress } from '~/auth/throttle.server'
import { AuthCard, authButtonClass, AuthField, AuthSubmit, BackToLogin } from '~/components/admin/auth-card'
import { titled } from '~/components/admin/meta'
import { FORM_TOO_LARGE, readSmallForm } from '~/utils/form-input.server'
import { HttpError } from '~/utils/http.server'
import { resetLinkValid, resetPassword } from '~/models/password-reset.server'

export const meta = titled('Buat Password Baru')

// The token is a secret: this page is never stored by the response cache or the browser, nor sent on as a referrer.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' })

export async function loader({ params }: LoaderFunctionArgs) {
  return data({ valid: await resetLinkValid(params.token ?? '') }, { headers: { 'Cache-Control': 'no-store' } })
}

type ResetErrors = { Token?: string; Password?: string; Password_confirmation?: string }

/** /reset-password/{token}: a new password for the link's user; every device of that user is logged out. */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readSmallForm(request, 16 * 1024)
  if (!form) return data({ done: false, errors: { Password: FORM_TOO_LARGE } as ResetErrors | null }, { status: 413 })
  try {
    await resetPassword(
      {
        token: params.token,
        password: form.get('password') ?? '',
        password_confirmation: form.get('password_confirmation') ?? '',
      },
      clientAddress(request),
    )
    return { done: true, errors: null as ResetErrors | null }
  } catch (error) {
    if (error instanceof HttpError && error.status < 500)
      return data({ done: false, errors: (error.errors ?? {}) as ResetErrors }, { status: error.status })
    throw error
  }
}

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
