import { apiLogoutAll } from '~/doors/account.server'
import { methodNotAllowed } from '~/server/http.server'

export const action = apiLogoutAll
export const loader = methodNotAllowed
