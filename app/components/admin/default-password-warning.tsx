import { Link } from '@remix-run/react'

/** Shown on every admin screen while a seeded account still has the well-known default password. */
export function DefaultPasswordWarning({ accounts, canEditUsers }: { accounts: string[]; canEditUsers: boolean }) {
  if (accounts.length === 0) return null
  return (
    <div role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <p className="font-semibold">Security warning: default password in use</p>
      <p className="mt-1">
        The account{accounts.length > 1 ? 's' : ''} {accounts.map((name) => `"${name}"`).join(' and ')} still use
        {accounts.length > 1 ? '' : 's'} the default password <code>password</code>. Anyone can log in with it: change
        it now.{' '}
        {canEditUsers ? (
          <Link to="/admin/users" className="font-medium underline">
            Manage users
          </Link>
        ) : (
          'Ask your administrator to change it.'
        )}
      </p>
    </div>
  )
}
