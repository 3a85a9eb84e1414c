import { screen } from '~/components/shared/route-screen'
import { titled } from '~/components/site/meta'
import { VillageCreateScreen } from '~/components/regency/village-forms'
import { villageCreateAction, villageCreateLoader } from '~/doors/regency/regency-console.server'

export const handle = { regency: true }

/** /admin/desa/create (the regency's console): a new village, and its admin's reset link to hand over. */
export const meta = titled('Tambah Desa')
export const loader = villageCreateLoader
export const action = villageCreateAction
export default screen<typeof loader>(VillageCreateScreen)
