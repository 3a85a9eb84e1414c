import { methodNotAllowed } from '~/doors/admin-api.server'
import { villageExportApi } from '~/doors/regency-api.server'

/** Served at the regency host too (app/lib/regency-routes.ts). */
export const handle = { regency: true }

/** GET /api/regency/villages/{id}/export: the village as a backup archive, at the regency host only. */
export const loader = villageExportApi
export const action = methodNotAllowed
