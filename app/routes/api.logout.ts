import { apiLogoutThis, methodNotAllowed } from '~/doors/account.server'

/** POST /api/logout: ends the session of the caller's token (only that device). */
export const loader = methodNotAllowed
export const action = apiLogoutThis
