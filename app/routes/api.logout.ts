import { apiLogoutThis, methodNotAllowed } from '~/doors/accounts/account.server'
import { declare, post, ok, ANY_USER } from '~/openapi/declare.server'
import { z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** POST /api/logout: ends the session of the caller's token (only that device). */
export const loader = methodNotAllowed
export const action = declare(apiLogoutThis, {
  ...post('Revoke the token of this call', ANY_USER),
  ...ok(z.null(), 'Logout successful'),
})
