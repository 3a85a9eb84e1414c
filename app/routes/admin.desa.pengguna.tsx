import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/site/meta'
import { ListErrorBoundary } from '~/components/site/resource-list'
import { RegencyUsersScreen } from '~/components/regency/regency-users-screen'
import { regencyUsersAction, regencyUsersLoader } from '~/doors/regency/regency-console.server'

export const handle = { regency: true }

/** /admin/desa/pengguna (the regency's console, `kabupaten` only): the regency's accounts. */
export const meta = titled('Pengguna')
export const loader = regencyUsersLoader
export const action = regencyUsersAction
export const ErrorBoundary = ListErrorBoundary
export default function RegencyUsers() {
  const data = useLoaderData<typeof loader>()
  return <RegencyUsersScreen users={data.users} me={data.me} />
}
