import { methodNotAllowed, twoFactorDisableApi } from '~/doors/account.server'

/** POST /api/admin/me/2fa/disable: two-factor login off. */
export const loader = methodNotAllowed
export const action = twoFactorDisableApi
