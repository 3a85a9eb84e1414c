import { screen } from '~/components/shared/route-screen'
import { titled } from '~/components/site/meta'
import { ListErrorBoundary } from '~/components/site/resource-list'
import { VillageListScreen } from '~/components/regency/village-list'
import type { villagesLoader } from '~/doors/regency/regency-console.server'

export const handle = { regency: true }

/** /admin/desa (the regency's console, REGENCY_HOST): the villages with their figures; suspend, resume, delete. */
export const meta = titled('Desa')
export { villagesLoader as loader, villagesAction as action } from '~/doors/regency/regency-console.server'
export const ErrorBoundary = ListErrorBoundary
export default screen<typeof villagesLoader>(VillageListScreen)
