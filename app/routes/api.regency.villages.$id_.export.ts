import { methodNotAllowed } from '~/doors/admin-api.server'
import { villageExportApi } from '~/doors/regency-api.server'

export const handle = { regency: true }

/** GET /api/regency/villages/{id}/export: the village as a backup archive, at the regency host only. */
export const loader = villageExportApi
export const action = methodNotAllowed
