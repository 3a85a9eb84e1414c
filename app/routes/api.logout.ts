import { apiLogoutThis, methodNotAllowed } from '~/doors/accounts/account.server'
import { declare, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** POST /api/logout: ends the session of the caller's token (only that device). */
export const loader = methodNotAllowed
export const action = declare(apiLogoutThis, {
  method: 'post',
  tag: 'Authentication',
  summary: 'Revoke the token of this call',
  permissions: [],
  ok: { status: 200, data: z.null(), message: 'Logout successful' },
})
