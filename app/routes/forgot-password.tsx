import type { ActionFunctionArgs, HeadersFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { clientAddress } from '~/auth/throttle.server'
import { AuthCard, AuthField, AuthSubmit, BackToLogin } from '~/components/admin/auth-card'
import { titled } from '~/components/admin/meta'
import { FORM_TOO_LARGE, readSmallForm } from '~/utils/form-input.server'
import { logError } from '~/utils/error-log.server'
import { mailConfigured } from '~/utils/mail.server'
import { mailResetLink } from '~/models/password-reset.server'

export const meta = titled('Lupa Password')

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

/** Whether the site can send e-mail (SMTP_URL and MAIL_FROM): otherwise the page says to ask an administrator. */
export const loader = () => data({ canMail: mailConfigured() }, { headers: { 'Cache-Control': 'no-store' } })

/**
 * "Lupa password?": e-mails a reset link to the account with this address. The answer is the same whether or not
 * the address exists, and comes without waiting for the mail (so its timing tells nothing either). The mailed link
 * is on SITE_URL, whatever Host the request names (models/password-reset.server.ts).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readSmallForm(request, 16 * 1024)
  if (!form) return data({ sent: false, error: FORM_TOO_LARGE }, { status: 413 })
  const email = (form.get('email') ?? '').trim()
  if (!email) return data({ sent: false, error: 'Email wajib diisi.' }, { status: 422 })
  mailResetLink(email, clientAddress(request)).catch((error) =>
    logError('password-reset-mail', error, request, 'could not send the reset mail'),
  )
  return { sent: true, error: null }
}

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
