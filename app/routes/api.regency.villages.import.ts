import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { villageImportApi } from '~/doors/regency/regency-api.server'
import { declare, post, created, multipart, REGENCY_ONLY } from '~/openapi/declare.server'
import { villageInput, villageResponse, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** POST /api/regency/villages/import: a new village from a backup archive, at the regency host only. */
export const loader = methodNotAllowed
export const action = declare(villageImportApi, {
  ...post(
    'Create a village from a backup archive',
    REGENCY_ONLY,
    multipart(
      z.object({
        slug: villageInput.shape.slug,
        name: villageInput.shape.name,
        file: z.string().openapi({ type: 'string', format: 'binary', description: 'The `.tar.gz`; key `File`' }),
      }),
    ),
  ),
  ...created(
    villageResponse.extend({ url: z.string() }).openapi('ImportedVillage'),
    'Village imported successfully!',
    413,
  ),
  description:
    'An archive of `npm run backup` (from this install with `--village`, or from a single-village install) or of the ' +
    'export, with its users, passwords, content, uploads and `site_name`. An archive that is not ours, is damaged or ' +
    'holds a PostgreSQL dump is a 422 on `File`; nothing is kept after any error.',
})
