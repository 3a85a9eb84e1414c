import { loginApi, methodNotAllowed } from '~/doors/sign-in.server'

export const handle = { regency: true }

/** POST /api/login {username, password} */
export const action = loginApi
export const loader = methodNotAllowed
