import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { villageExportApi } from '~/doors/regency/regency-api.server'
import { declare, idParam, REGENCY_PERMISSION, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/regency/villages/{id}/export: the village as a backup archive, at the regency host only. */
export const loader = declare(villageExportApi, {
  method: 'get',
  tag: 'Regency',
  summary: 'The village as a backup archive',
  description:
    'A `.tar.gz` in the format of `npm run backup` (its database, every upload, the manifest with their ' +
    'SHA-256), as `application/gzip`: `npm run restore` brings it back.',
  permissions: [REGENCY_PERMISSION],
  params: idParam('village'),
  ok: { status: 200, data: z.null(), message: 'The archive (not an envelope)' },
  fails: [404],
})
export const action = methodNotAllowed
