import { apiLogoutAll, methodNotAllowed } from '~/doors/account.server'

/** POST /api/logout-all: ends every session of the caller. */
export const loader = methodNotAllowed
export const action = apiLogoutAll
