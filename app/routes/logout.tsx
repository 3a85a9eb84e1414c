import { logoutAction, logoutLoader } from '~/doors/accounts/sign-in.server'

export const handle = { regency: true }

/** Keluar: ends this device's session and clears the cookie, then back to /login (a visit here goes there too). */
export const action = logoutAction
export const loader = logoutLoader
