import { meSessionsApi, methodNotAllowed } from '~/doors/accounts/account.server'
import { declare, get, ok, ANY_USER } from '~/openapi/declare.server'
import { Session, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/admin/me/sessions: the caller's logged-in devices. */
export const loader = declare(meSessionsApi, {
  ...get('Own sessions (tokens), newest first', ANY_USER),
  ...ok(z.array(Session)),
})
export const action = methodNotAllowed
