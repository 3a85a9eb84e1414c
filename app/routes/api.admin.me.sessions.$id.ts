import { meSessionEndApi, methodNotAllowed } from '~/doors/account.server'

export const handle = { regency: true }

/** DELETE /api/admin/me/sessions/{id}: logs one of the caller's devices out. */
export const loader = methodNotAllowed
export const action = meSessionEndApi
