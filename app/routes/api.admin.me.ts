import { meApi, meUpdateApi } from '~/doors/account.server'

export const handle = { regency: true }

/** GET and PUT /api/admin/me: the caller's own account. */
export const loader = meApi
export const action = meUpdateApi
