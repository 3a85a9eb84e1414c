import { regencyUserApi } from '~/doors/regency/regency-data.server'
import {
  declare,
  idParam,
  REGENCY_PERMISSION,
  regencyUserInput,
  regencyUserResponse,
  z,
} from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET, PUT, DELETE /api/regency/users/{id}: the regency host, `regency-admin` only. */
export const loader = declare(regencyUserApi, {
  method: 'get',
  tag: 'Regency',
  summary: 'A regency account',
  permissions: [REGENCY_PERMISSION],
  params: idParam('account'),
  ok: { status: 200, data: regencyUserResponse, message: 'Detail Data User' },
  fails: [404],
})
export const action = declare(
  regencyUserApi,
  {
    method: 'put',
    tag: 'Regency',
    summary: 'Change a regency account',
    description: 'An empty `password` keeps it. A new password, role or kecamatan ends its sessions.',
    permissions: [REGENCY_PERMISSION],
    params: idParam('account'),
    body: { json: regencyUserInput },
    ok: { status: 200, data: regencyUserResponse, message: 'User updated successfully!' },
    fails: [404, 409],
  },
  {
    method: 'delete',
    tag: 'Regency',
    summary: 'Delete a regency account (never one’s own, never the last `kabupaten`)',
    permissions: [REGENCY_PERMISSION],
    params: idParam('account'),
    ok: { status: 200, data: z.null(), message: 'User deleted successfully!' },
    fails: [404, 409],
  },
)
