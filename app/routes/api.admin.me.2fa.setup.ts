import { methodNotAllowed, twoFactorSetupApi } from '~/doors/accounts/account.server'
import { declare, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** POST /api/admin/me/2fa/setup: a new secret, not active until enabled. */
export const loader = methodNotAllowed
export const action = declare(twoFactorSetupApi, {
  method: 'post',
  tag: 'Own account',
  summary: 'Start two-factor setup (TOTP, RFC 6238)',
  description:
    'SHA-1, 6 digits, 30 s steps, one step of clock drift allowed. Not active until enabled. Already on: 409.',
  permissions: [],
  fails: [409],
  data: z
    .object({ secret: z.string().openapi({ description: 'base32' }), otpauth_url: z.string() })
    .openapi('TwoFactorSetup'),
})
