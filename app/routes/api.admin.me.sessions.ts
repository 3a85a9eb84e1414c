import { meSessionsApi, methodNotAllowed } from '~/doors/account.server'

export const handle = { regency: true }

/** GET /api/admin/me/sessions: the caller's logged-in devices. */
export const loader = meSessionsApi
export const action = methodNotAllowed
