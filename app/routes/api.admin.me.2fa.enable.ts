import { methodNotAllowed, twoFactorEnableApi } from '~/doors/account.server'

/** Served at the regency host too (app/lib/regency-routes.ts). */
export const handle = { regency: true }

/** POST /api/admin/me/2fa/enable: two-factor login on, with recovery codes. */
export const loader = methodNotAllowed
export const action = twoFactorEnableApi
