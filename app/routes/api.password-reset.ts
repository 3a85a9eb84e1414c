import { methodNotAllowed, passwordResetApi } from '~/doors/accounts/sign-in.server'
import { declare, post, ok, json, PUBLIC } from '~/openapi/declare.server'
import { passwordChange, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** POST /api/password-reset {token, password, password_confirmation} (no authentication). */
export const action = declare(passwordResetApi, {
  ...post(
    "Set a new password with a reset link's token",
    PUBLIC,
    json(z.object({ token: z.string(), ...passwordChange })),
  ),
  ...ok(z.unknown()),
  description:
    'The link is then spent and every token of that user stops working. An unknown, spent or expired token is 422 ' +
    '`Token`.',
})
export const loader = methodNotAllowed
