import { regencyUserApi } from '~/doors/regency/regency-data.server'
import { declare, at, json, REGENCY_ONLY, ok } from '~/openapi/declare.server'
import { idParam, regencyUserInput, regencyUserResponse, z } from '~/openapi/operations.server'

const account = at(idParam('account'))

export const handle = { regency: true }

/** GET, PUT, DELETE /api/regency/users/{id}: the regency host, `regency-admin` only. */
export const loader = declare(regencyUserApi, {
  ...account.get('A regency account', REGENCY_ONLY),
  ...ok(regencyUserResponse, 'Detail Data User'),
})
export const action = declare(regencyUserApi, [
  {
    ...account.put('Change a regency account', REGENCY_ONLY, json(regencyUserInput)),
    ...ok(regencyUserResponse, 'User updated successfully!', 409),
    description: 'An empty `password` keeps it. A new password, role or kecamatan ends its sessions.',
  },
  {
    ...account.del('Delete a regency account (never one’s own, never the last `kabupaten`)', REGENCY_ONLY),
    ...ok(z.null(), 'User deleted successfully!', 409),
  },
])
