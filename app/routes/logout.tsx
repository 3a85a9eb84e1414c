import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { logout } from '~/auth/login.server'
import { getSessionUser, tokenCookie } from '~/auth/session.server'

/** Keluar: ends this device's session and clears the cookie, then back to /login. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await getSessionUser(request)
  if (user) await logout(user, request)
  return redirect('/login', { headers: { 'Set-Cookie': await tokenCookie(request).serialize('', { maxAge: 0 }) } })
}

/** Logging out changes state, so it is a POST only; a visit here just goes to the login screen. */
export const loader = () => redirect('/login')
