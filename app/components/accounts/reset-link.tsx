import { useFetcher } from '@remix-run/react'
import { formatDateTime } from '~/lib/format'
import { LinkField } from '~/components/shared/link-field'

/** Makes a one-time password reset link for a user and shows it this once, to pass on to them. */
export function ResetLinkPanel({ userId }: { userId: number }) {
  const fetcher = useFetcher<{ link: { url: string; expires_at: Date | string } | null; error: string | null }>()
  const link = fetcher.data?.link
  return (
    <section aria-label="Reset password" className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <h2 className="text-base font-semibold text-gray-900">Reset Password</h2>
      <p className="mt-1 text-sm text-gray-600">
        Buat tautan sekali pakai (berlaku 60 menit) agar pengguna ini dapat membuat password baru sendiri. Kirimkan
        tautan itu kepadanya, misalnya lewat WhatsApp.
      </p>
      {link ? (
        <div className="mt-4 space-y-2">
          <LinkField id="reset-link" label="Tautan reset password" url={link.url} />
          <p className="text-sm text-gray-600">
            Berlaku sampai {formatDateTime(link.expires_at)}. Tautan ini hanya ditampilkan sekali.
          </p>
        </div>
      ) : null}
      {fetcher.data?.error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {fetcher.data.error}
        </p>
      ) : null}
      <fetcher.Form method="post" action={`/admin/users/reset-link/${userId}`} className="mt-4 flex justify-end">
        <button
          type="submit"
          disabled={fetcher.state !== 'idle'}
          className={
            'rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 ' +
            'disabled:opacity-60'
          }
        >
          {fetcher.state !== 'idle' ? 'Membuat...' : link ? 'Buat Tautan Baru' : 'Buat Tautan Reset Password'}
        </button>
      </fetcher.Form>
    </section>
  )
}
