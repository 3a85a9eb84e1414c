import { apiLogoutAll, methodNotAllowed } from '~/doors/accounts/account.server'
import { declare, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** POST /api/logout-all: ends every session of the caller. */
export const loader = methodNotAllowed
export const action = declare(apiLogoutAll, {
  method: 'post',
  tag: 'Authentication',
  summary: 'Revoke every token of the user',
  permissions: [],
  data: z.unknown(),
})
