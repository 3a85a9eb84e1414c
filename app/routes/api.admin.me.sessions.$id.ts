import { meSessionEndApi, methodNotAllowed } from '~/doors/accounts/account.server'
import { declare, del, ok, ANY_USER } from '~/openapi/declare.server'
import { z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** DELETE /api/admin/me/sessions/{id}: logs one of the caller's devices out. */
export const loader = methodNotAllowed
export const action = declare(meSessionEndApi, {
  ...del('Revoke one own session', ANY_USER),
  params: z.object({ id: z.string().openapi({ description: "The session's id (from the list)" }) }),
  ...ok(z.unknown()),
  description: "Another user's session is a 404.",
})
