import { Link } from '@remix-run/react'
import { BackButton } from '~/components/shared/form'

/** /admin/forbidden: where requirePermission sends a user without the permission a screen needs. */
export function ForbiddenScreen() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <p className="text-6xl font-bold text-brand-600">403</p>
      <h1 className="text-2xl font-semibold text-gray-900">Access Forbidden</h1>
      <p className="text-gray-600">You do not have permission to access this page. Please contact the administrator.</p>
      <div className="flex gap-3">
        <BackButton>Go Back</BackButton>
        <Link
          to="/admin/dashboard"
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Return to Dashboard
        </Link>
      </div>
    </section>
  )
}
