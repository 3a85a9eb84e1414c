import { meApi, meUpdateApi } from '~/doors/account.server'

/** GET and PUT /api/admin/me: the caller's own account. */
export const loader = meApi
export const action = meUpdateApi
