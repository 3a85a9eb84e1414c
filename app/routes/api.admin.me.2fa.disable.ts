import { methodNotAllowed, twoFactorDisableApi } from '~/doors/accounts/account.server'
import { declare, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** POST /api/admin/me/2fa/disable: two-factor login off. */
export const loader = methodNotAllowed
export const action = declare(twoFactorDisableApi, {
  method: 'post',
  tag: 'Own account',
  summary: 'Turn two-factor off',
  description: 'A wrong password, or one that is not text, is 422 `Password`.',
  permissions: [],
  body: { json: z.object({ password: z.string() }) },
  data: z.unknown(),
})
