import { methodNotAllowed, twoFactorDisableApi } from '~/doors/account.server'

export const handle = { regency: true }

/** POST /api/admin/me/2fa/disable: two-factor login off. */
export const loader = methodNotAllowed
export const action = twoFactorDisableApi
