import { apiLogoutThis, methodNotAllowed } from '~/doors/account.server'

export const handle = { regency: true }

/** POST /api/logout: ends the session of the caller's token (only that device). */
export const loader = methodNotAllowed
export const action = apiLogoutThis
