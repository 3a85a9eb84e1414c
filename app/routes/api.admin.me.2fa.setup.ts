import { methodNotAllowed, twoFactorSetupApi } from '~/doors/account.server'

export const handle = { regency: true }

/** POST /api/admin/me/2fa/setup: a new secret, not active until enabled. */
export const loader = methodNotAllowed
export const action = twoFactorSetupApi
