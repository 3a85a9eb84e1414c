import { methodNotAllowed, twoFactorEnableApi } from '~/doors/accounts/account.server'
import { declare, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** POST /api/admin/me/2fa/enable: two-factor login on, with recovery codes. */
export const loader = methodNotAllowed
export const action = declare(twoFactorEnableApi, {
  method: 'post',
  tag: 'Own account',
  summary: 'Turn two-factor on',
  description: 'A wrong code, or one that is not text (a JSON number), is 422 `Code`.',
  permissions: [],
  fails: [409],
  body: { json: z.object({ code: z.string() }) },
  data: z.object({ recovery_codes: z.array(z.string()).length(10).openapi({ description: 'Single-use codes' }) }),
})
