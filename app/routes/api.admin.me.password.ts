import { mePasswordApi, methodNotAllowed } from '~/doors/account.server'

export const handle = { regency: true }

/** PUT /api/admin/me/password: a new password; every other session ends. */
export const loader = methodNotAllowed
export const action = mePasswordApi
