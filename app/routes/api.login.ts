import { loginApi, methodNotAllowed } from '~/doors/sign-in.server'

/** POST /api/login {username, password} */
export const action = loginApi
export const loader = methodNotAllowed
