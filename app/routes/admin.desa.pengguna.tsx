import { screen } from '~/components/shared/route-screen'
import { titled } from '~/components/site/meta'
import { ListErrorBoundary } from '~/components/site/resource-list'
import { RegencyUsersScreen } from '~/components/regency/regency-users-screen'
import type { regencyUsersLoader } from '~/doors/regency/regency-console.server'

export const handle = { regency: true }

/** /admin/desa/pengguna (the regency's console, `kabupaten` only): the regency's accounts. */
export const meta = titled('Pengguna')
export { regencyUsersLoader as loader, regencyUsersAction as action } from '~/doors/regency/regency-console.server'
export const ErrorBoundary = ListErrorBoundary
export default screen<typeof regencyUsersLoader>(RegencyUsersScreen)
