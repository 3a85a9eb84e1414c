import { methodNotAllowed, twoFactorSetupApi } from '~/doors/accounts/account.server'
import { declare, post, ok, ANY_USER } from '~/openapi/declare.server'
import { z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** POST /api/admin/me/2fa/setup: a new secret, not active until enabled. */
export const loader = methodNotAllowed
export const action = declare(twoFactorSetupApi, {
  ...post('Start two-factor setup (TOTP, RFC 6238)', ANY_USER),
  ...ok(
    z
      .object({ secret: z.string().openapi({ description: 'base32' }), otpauth_url: z.string() })
      .openapi('TwoFactorSetup'),
    409,
  ),
  description:
    'SHA-1, 6 digits, 30 s steps, one step of clock drift allowed. Not active until enabled. Already on: 409.',
})
