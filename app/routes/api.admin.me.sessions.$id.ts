import { meSessionEndApi, methodNotAllowed } from '~/doors/accounts/account.server'
import { at, declare, ANY_USER, ok } from '~/openapi/declare.server'
import { z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** DELETE /api/admin/me/sessions/{id}: logs one of the caller's devices out. */
export const loader = methodNotAllowed
export const action = declare(meSessionEndApi, {
  ...at(z.object({ id: z.string().openapi({ description: "The session's id (from the list)" }) })).del(
    'Revoke one own session',
    ANY_USER,
  ),
  ...ok(z.unknown()),
  description: "Another user's session is a 404.",
})
