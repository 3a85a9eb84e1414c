import { apiLogoutThis } from '~/doors/account.server'
import { methodNotAllowed } from '~/utils/http.server'

export const action = apiLogoutThis
export const loader = methodNotAllowed
