import { regencyUsersApi } from '~/doors/regency/regency-data.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { declare, get, post, ok, created, json, REGENCY_ONLY } from '~/openapi/declare.server'
import { listParams, paginated, regencyUserInput, regencyUserResponse } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/regency/users (the regency's accounts), POST (a new one): the regency host, `regency-admin` only. */
export const loader = declare(regencyUsersApi, {
  ...get("The regency's accounts", REGENCY_ONLY),
  query: listParams(ADMIN_PAGE_SIZE),
  ...ok(paginated(regencyUserResponse, 'RegencyUser')),
})
export const action = declare(regencyUsersApi, {
  ...post('Create a regency account (`kabupaten` or `camat`)', REGENCY_ONLY, json(regencyUserInput)),
  ...created(regencyUserResponse, 'User created successfully!'),
  description: 'A `camat` needs `kecamatan` (key `Kecamatan`) and sees only the villages of that kecamatan.',
})
