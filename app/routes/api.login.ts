import { loginApi, methodNotAllowed } from '~/doors/sign-in.server'

/** Served at the regency host too (app/lib/regency-routes.ts). */
export const handle = { regency: true }

/** POST /api/login {username, password} */
export const action = loginApi
export const loader = methodNotAllowed
