import { meSessionEndApi, methodNotAllowed } from '~/doors/accounts/account.server'
import { declare, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** DELETE /api/admin/me/sessions/{id}: logs one of the caller's devices out. */
export const loader = methodNotAllowed
export const action = declare(meSessionEndApi, {
  method: 'delete',
  tag: 'Own account',
  summary: 'Revoke one own session',
  description: "Another user's session is a 404.",
  permissions: [],
  params: z.object({ id: z.string().openapi({ description: "The session's id (from the list)" }) }),
  data: z.unknown(),
  fails: [404],
})
