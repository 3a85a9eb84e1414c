import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { villageImportApi } from '~/doors/regency/regency-api.server'
import { declare, REGENCY_PERMISSION, villageInput, villageResponse, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** POST /api/regency/villages/import: a new village from a backup archive, at the regency host only. */
export const loader = methodNotAllowed
export const action = declare(villageImportApi, {
  method: 'post',
  tag: 'Regency',
  summary: 'Create a village from a backup archive',
  description:
    'An archive of `npm run backup` (from this install with `--village`, or from a single-village install) or of ' +
    'the export, with its users, passwords, content, uploads and `site_name`. An archive that is not ours, is ' +
    'damaged or holds a PostgreSQL dump is a 422 on `File`; nothing is kept after any error.',
  permissions: [REGENCY_PERMISSION],
  body: {
    multipart: z.object({
      slug: villageInput.shape.slug,
      name: villageInput.shape.name,
      file: z.string().openapi({ type: 'string', format: 'binary', description: 'The `.tar.gz`; key `File`' }),
    }),
  },
  ok: {
    status: 201,
    data: villageResponse.extend({ url: z.string() }).openapi('ImportedVillage'),
    message: 'Village imported successfully!',
  },
  fails: [413],
})
