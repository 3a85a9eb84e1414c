import { methodNotAllowed, twoFactorDisableApi } from '~/doors/accounts/account.server'
import { declare, post, ok, json, ANY_USER } from '~/openapi/declare.server'
import { z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** POST /api/admin/me/2fa/disable: two-factor login off. */
export const loader = methodNotAllowed
export const action = declare(twoFactorDisableApi, {
  ...post('Turn two-factor off', ANY_USER, json(z.object({ password: z.string() }))),
  ...ok(z.unknown()),
  description: 'A wrong password, or one that is not text, is 422 `Password`.',
})
