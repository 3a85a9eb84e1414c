import { meSessionsApi, methodNotAllowed } from '~/doors/account.server'

/** Served at the regency host too (app/lib/regency-routes.ts). */
export const handle = { regency: true }

/** GET /api/admin/me/sessions: the caller's logged-in devices. */
export const loader = meSessionsApi
export const action = methodNotAllowed
