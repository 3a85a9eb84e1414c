import { screen } from '~/components/shared/route-screen'
import { titled } from '~/components/site/meta'
import { VillageImportScreen } from '~/components/regency/village-forms'
import { villageImportAction, villageImportLoader } from '~/doors/regency/regency-console.server'

export const handle = { regency: true }

/** /admin/desa/import (the regency's console): a new village from a backup archive. */
export const meta = titled('Impor Desa')
export const loader = villageImportLoader
export const action = villageImportAction
export default screen<typeof loader>(VillageImportScreen)
