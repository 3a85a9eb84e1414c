import { screen } from '~/components/shared/route-screen'
import { titled } from '~/components/site/meta'
import { RecordErrorBoundary } from '~/components/site/resource-list'
import { VillageEditScreen } from '~/components/regency/village-forms'
import type { villageEditLoader } from '~/doors/regency/regency-console.server'

export const handle = { regency: true }

/** /admin/desa/{id} (the regency's console): a village's name, domains and status. */
export const meta = titled('Edit Desa')
export { villageEditLoader as loader, villageEditAction as action } from '~/doors/regency/regency-console.server'
export const ErrorBoundary = RecordErrorBoundary
export default screen<typeof villageEditLoader>(VillageEditScreen)
