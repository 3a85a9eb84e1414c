import { methodNotAllowed, passwordResetApi } from '~/doors/sign-in.server'

export const handle = { regency: true }

/** POST /api/password-reset {token, password, password_confirmation} (no authentication). */
export const action = passwordResetApi
export const loader = methodNotAllowed
