import { Link } from '@remix-run/react'
import type { DefaultPasswordNotice } from '~/lib/default-password-notice'

/**
 * Shown on every admin screen while a seeded account still has the well-known default password. Only a user who may
 * change it (`users-edit`) is told which account and what password; the others are asked to see their administrator.
 */
export function DefaultPasswordWarning({ notice }: { notice: DefaultPasswordNotice }) {
  if (!notice) return null
  return (
    <div role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <p className="font-semibold">Security warning: default password in use</p>
      {'accounts' in notice ? (
        <p className="mt-1">
          The account{notice.accounts.length > 1 ? 's' : ''} {notice.accounts.map((name) => `"${name}"`).join(' and ')}{' '}
          still use{notice.accounts.length > 1 ? '' : 's'} the default password <code>password</code>. Anyone can log in
          with it: change it now.{' '}
          <Link to={notice.ownAccount ? '/admin/account' : '/admin/users'} className="font-medium underline">
            {notice.ownAccount ? 'Akun Saya' : 'Manage users'}
          </Link>
        </p>
      ) : (
        <p className="mt-1">
          An account of this site still uses a default password that anyone could guess. Ask your administrator to
          change it.
        </p>
      )}
    </div>
  )
}
