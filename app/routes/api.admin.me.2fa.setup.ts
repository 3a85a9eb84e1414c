import { methodNotAllowed, twoFactorSetupApi } from '~/doors/account.server'

/** POST /api/admin/me/2fa/setup: a new secret, not active until enabled. */
export const loader = methodNotAllowed
export const action = twoFactorSetupApi
