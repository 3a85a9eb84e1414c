import { villageCreateApi, villagesApi } from '~/doors/regency/regency-api.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import {
  CAMAT_PERMISSION,
  declare,
  listParams,
  paginated,
  REGENCY_PERMISSION,
  villageInput,
  villageResponse,
  z,
} from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/regency/villages (the list with figures), POST (a new village): the regency host only. */
export const loader = declare(villagesApi, {
  method: 'get',
  tag: 'Regency',
  summary: 'The villages with their figures',
  description:
    'At the regency host only (404 elsewhere). `search` matches name, slug and domains; `kecamatan` keeps that ' +
    "kecamatan's villages. Ordered by kecamatan, then name. A camat gets its kecamatan's villages only.",
  permissions: [REGENCY_PERMISSION, CAMAT_PERMISSION],
  query: listParams(ADMIN_PAGE_SIZE).extend({ kecamatan: z.string().optional() }),
  data: paginated(villageResponse, 'Village'),
})
export const action = declare(villageCreateApi, {
  method: 'post',
  tag: 'Regency',
  summary: 'Create a village',
  description:
    'Its own database, migrated and seeded (`demo`: the demo village; otherwise only `admin`), and `admin_reset_url`, ' +
    'a one-time link valid 7 days on its own host. Nothing is kept after any error.',
  permissions: [REGENCY_PERMISSION],
  body: { json: villageInput },
  ok: {
    status: 201,
    data: villageResponse.extend({ admin_reset_url: z.string() }).openapi('NewVillage'),
    message: 'Village created successfully!',
  },
})
