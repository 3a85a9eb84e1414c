import { methodNotAllowed, twoFactorEnableApi } from '~/doors/account.server'

export const handle = { regency: true }

/** POST /api/admin/me/2fa/enable: two-factor login on, with recovery codes. */
export const loader = methodNotAllowed
export const action = twoFactorEnableApi
