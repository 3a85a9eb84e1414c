import { methodNotAllowed } from '~/doors/admin-api.server'
import { villageImportApi } from '~/doors/regency-api.server'

export const handle = { regency: true }

/** POST /api/regency/villages/import: a new village from a backup archive, at the regency host only. */
export const loader = methodNotAllowed
export const action = villageImportApi
