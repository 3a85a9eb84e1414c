import { regencyUserApi } from '~/doors/regency/regency-data.server'
import { declare, get, put, del, ok, json, REGENCY_ONLY } from '~/openapi/declare.server'
import { idParam, regencyUserInput, regencyUserResponse, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET, PUT, DELETE /api/regency/users/{id}: the regency host, `regency-admin` only. */
export const loader = declare(regencyUserApi, {
  ...get('A regency account', REGENCY_ONLY),
  params: idParam('account'),
  ...ok(regencyUserResponse, 'Detail Data User'),
})
export const action = declare(
  regencyUserApi,
  {
    ...put('Change a regency account', REGENCY_ONLY),
    params: idParam('account'),
    body: json(regencyUserInput),
    ...ok(regencyUserResponse, 'User updated successfully!', 409),
    description: 'An empty `password` keeps it. A new password, role or kecamatan ends its sessions.',
  },
  {
    ...del('Delete a regency account (never one’s own, never the last `kabupaten`)', REGENCY_ONLY),
    params: idParam('account'),
    ...ok(z.null(), 'User deleted successfully!', 409),
  },
)
