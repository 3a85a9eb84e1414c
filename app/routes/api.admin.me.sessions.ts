import { meSessionsApi, methodNotAllowed } from '~/doors/accounts/account.server'
import { Session, declare, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/admin/me/sessions: the caller's logged-in devices. */
export const loader = declare(meSessionsApi, {
  method: 'get',
  tag: 'Own account',
  summary: 'Own sessions (tokens), newest first',
  permissions: [],
  data: z.array(Session),
})
export const action = methodNotAllowed
