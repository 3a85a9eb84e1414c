import { regencyUserApi } from '~/doors/regency/regency-data.server'
import { at, json, oneRecord, REGENCY_ONLY, ok } from '~/openapi/declare.server'
import { idParam, regencyUserInput, regencyUserResponse, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET, PUT, DELETE /api/regency/users/{id}: the regency host, `regency-admin` only. */
const { loader, action } = oneRecord(regencyUserApi, at(idParam('account')), REGENCY_ONLY, {
  get: ['A regency account', ok(regencyUserResponse, 'Detail Data User')],
  put: [
    'Change a regency account',
    json(regencyUserInput),
    {
      ...ok(regencyUserResponse, 'User updated successfully!', 409),
      description: 'An empty `password` keeps it. A new password, role or kecamatan ends its sessions.',
    },
  ],
  del: [
    'Delete a regency account (never one’s own, never the last `kabupaten`)',
    ok(z.null(), 'User deleted successfully!', 409),
  ],
})
export { loader, action }
