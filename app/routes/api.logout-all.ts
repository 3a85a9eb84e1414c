import { apiLogoutAll, methodNotAllowed } from '~/doors/account.server'

export const handle = { regency: true }

/** POST /api/logout-all: ends every session of the caller. */
export const loader = methodNotAllowed
export const action = apiLogoutAll
