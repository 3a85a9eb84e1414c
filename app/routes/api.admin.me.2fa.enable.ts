import { methodNotAllowed, twoFactorEnableApi } from '~/doors/account.server'

/** POST /api/admin/me/2fa/enable: two-factor login on, with recovery codes. */
export const loader = methodNotAllowed
export const action = twoFactorEnableApi
