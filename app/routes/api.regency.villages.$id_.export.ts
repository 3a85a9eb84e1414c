import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { villageExportApi } from '~/doors/regency/regency-api.server'
import { at, declare, REGENCY_ONLY, ok } from '~/openapi/declare.server'
import { idParam, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/regency/villages/{id}/export: the village as a backup archive, at the regency host only. */
export const loader = declare(villageExportApi, {
  ...at(idParam('village')).get('The village as a backup archive', REGENCY_ONLY),
  ...ok(z.null(), 'The archive (not an envelope)'),
  description:
    'A `.tar.gz` in the format of `npm run backup` (its database, every upload, the manifest with their SHA-256), as ' +
    '`application/gzip`: `npm run restore` brings it back.',
})
export const action = methodNotAllowed
