import { villageCreateApi, villagesApi } from '~/doors/regency/regency-api.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { declare, get, post, ok, created, json, REGENCY_ONLY, REGENCY_OR_CAMAT } from '~/openapi/declare.server'
import { listParams, paginated, villageInput, villageResponse, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/regency/villages (the list with figures), POST (a new village): the regency host only. */
export const loader = declare(villagesApi, {
  ...get('The villages with their figures', REGENCY_OR_CAMAT),
  query: listParams(ADMIN_PAGE_SIZE).extend({ kecamatan: z.string().optional() }),
  ...ok(paginated(villageResponse, 'Village')),
  description:
    'At the regency host only (404 elsewhere). `search` matches name, slug and domains; `kecamatan` keeps that ' +
    "kecamatan's villages. Ordered by kecamatan, then name. A camat gets its kecamatan's villages only.",
})
export const action = declare(villageCreateApi, {
  ...post('Create a village', REGENCY_ONLY, json(villageInput)),
  ...created(
    villageResponse.extend({ admin_reset_url: z.string() }).openapi('NewVillage'),
    'Village created successfully!',
  ),
  description:
    'Its own database, migrated and seeded (`demo`: the demo village; otherwise only `admin`), and ' +
    '`admin_reset_url`, a one-time link valid 7 days on its own host. Nothing is kept after any error.',
})
