import { methodNotAllowed, passwordResetApi } from '~/doors/sign-in.server'

/** Served at the regency host too (app/lib/regency-routes.ts). */
export const handle = { regency: true }

/** POST /api/password-reset {token, password, password_confirmation} (no authentication). */
export const action = passwordResetApi
export const loader = methodNotAllowed
