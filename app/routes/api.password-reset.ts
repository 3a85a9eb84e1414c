import { methodNotAllowed, passwordResetApi } from '~/doors/accounts/sign-in.server'
import { declare, passwordChange, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** POST /api/password-reset {token, password, password_confirmation} (no authentication). */
export const action = declare(passwordResetApi, {
  method: 'post',
  tag: 'Authentication',
  summary: "Set a new password with a reset link's token",
  description:
    'The link is then spent and every token of that user stops working. An unknown, spent or expired token is ' +
    '422 `Token`.',
  permissions: null,
  body: { json: z.object({ token: z.string(), ...passwordChange }) },
  data: z.unknown(),
})
export const loader = methodNotAllowed
