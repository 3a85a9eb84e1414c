import { methodNotAllowed, twoFactorEnableApi } from '~/doors/accounts/account.server'
import { declare, post, ok, json, ANY_USER } from '~/openapi/declare.server'
import { z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** POST /api/admin/me/2fa/enable: two-factor login on, with recovery codes. */
export const loader = methodNotAllowed
export const action = declare(twoFactorEnableApi, {
  ...post('Turn two-factor on', ANY_USER, json(z.object({ code: z.string() }))),
  ...ok(z.object({ recovery_codes: z.array(z.string()).length(10).openapi({ description: 'Single-use codes' }) }), 409),
  description: 'A wrong code, or one that is not text (a JSON number), is 422 `Code`.',
})
