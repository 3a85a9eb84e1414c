import { apiLogoutAll } from '~/doors/account.server'
import { methodNotAllowed } from '~/utils/http.server'

export const action = apiLogoutAll
export const loader = methodNotAllowed
