import { titled } from '~/components/site/meta'
import { MapAdminScreen } from '~/components/village-info/map-admin-screen'
import { mapAdminAction, mapAdminLoader } from '~/doors/village-info/map-admin.server'

/** /admin/peta: the village map's layers, features and import (docs/api.md "Village map (peta desa)"). */
export const meta = titled('Peta')
export const loader = mapAdminLoader
export const action = mapAdminAction
export default MapAdminScreen
