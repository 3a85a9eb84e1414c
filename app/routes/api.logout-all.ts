import { apiLogoutAll, methodNotAllowed } from '~/doors/accounts/account.server'
import { declare, post, ok, ANY_USER } from '~/openapi/declare.server'
import { z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** POST /api/logout-all: ends every session of the caller. */
export const loader = methodNotAllowed
export const action = declare(apiLogoutAll, { ...post('Revoke every token of the user', ANY_USER), ...ok(z.unknown()) })
