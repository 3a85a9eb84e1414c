import { apiLogoutAll, methodNotAllowed } from '~/doors/account.server'

/** Served at the regency host too (app/lib/regency-routes.ts). */
export const handle = { regency: true }

/** POST /api/logout-all: ends every session of the caller. */
export const loader = methodNotAllowed
export const action = apiLogoutAll
