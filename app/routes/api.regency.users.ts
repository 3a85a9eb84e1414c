import { regencyUsersApi } from '~/doors/regency/regency-data.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import {
  declare,
  listParams,
  paginated,
  REGENCY_PERMISSION,
  regencyUserInput,
  regencyUserResponse,
} from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/regency/users (the regency's accounts), POST (a new one): the regency host, `regency-admin` only. */
export const loader = declare(regencyUsersApi, {
  method: 'get',
  tag: 'Regency',
  summary: "The regency's accounts",
  permissions: [REGENCY_PERMISSION],
  query: listParams(ADMIN_PAGE_SIZE),
  data: paginated(regencyUserResponse, 'RegencyUser'),
})
export const action = declare(regencyUsersApi, {
  method: 'post',
  tag: 'Regency',
  summary: 'Create a regency account (`kabupaten` or `camat`)',
  description: 'A `camat` needs `kecamatan` (key `Kecamatan`) and sees only the villages of that kecamatan.',
  permissions: [REGENCY_PERMISSION],
  body: { json: regencyUserInput },
  ok: { status: 201, data: regencyUserResponse, message: 'User created successfully!' },
})
