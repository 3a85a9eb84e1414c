import { methodNotAllowed, passwordResetApi } from '~/doors/sign-in.server'

/** POST /api/password-reset {token, password, password_confirmation} (no authentication). */
export const action = passwordResetApi
export const loader = methodNotAllowed
