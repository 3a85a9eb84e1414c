import { apiLogoutThis } from '~/doors/account.server'
import { methodNotAllowed } from '~/server/http.server'

export const action = apiLogoutThis
export const loader = methodNotAllowed
