import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { login, loginWithCode, loginWithPassword, logout } from '~/auth/login.server'
import { getSessionUser, sessionCookie, tokenCookie } from '~/auth/session.server'
import { mailResetLink, resetLinkValid, resetPassword } from '~/models/accounts/password-reset.server'
import { logError } from '~/utils/error-log.server'
import { FORM_TOO_LARGE, readSmallForm } from '~/utils/form-input.server'
import { apiCall, apiSuccess, HttpError, readJsonObject, clientAddressOf } from '~/utils/http.server'

export { methodNotAllowed } from '~/utils/http.server'
import { mailConfigured } from '~/utils/mail.server'

/**
 * The sign-in door: the login screen (two steps with two-factor login), Keluar, "Lupa password?", the reset link's
 * screen, and their API calls (`POST /api/login`, `POST /api/password-reset`).
 */

/** Already logged in (a token that still works): straight to the dashboard. */
export async function loginLoader({ request }: LoaderFunctionArgs) {
  if (await getSessionUser(request)) throw redirect('/admin/dashboard')
  return null
}

export type LoginErrors = { Username?: string; Password?: string; Error?: string; Code?: string }
export type LoginAnswer = { errors: LoginErrors | null; ticket?: string }

/**
 * Two steps for a user with two-factor login on: the password (which answers a short-lived ticket), then the code
 * with that ticket. Everyone else is logged in by the first step.
 */
export async function loginAction({ request }: ActionFunctionArgs) {
  const form = await readSmallForm(request, 64 * 1024)
  if (!form) return data<LoginAnswer>({ errors: { Error: FORM_TOO_LARGE } }, { status: 413 })
  const ticket = form.get('ticket')
  try {
    if (ticket) {
      const session = await loginWithCode(ticket, form.get('code') ?? '', request)
      return redirect('/admin/dashboard', {
        headers: { 'Set-Cookie': await sessionCookie(request, session.token, session.remember) },
      })
    }
    const remember = form.get('remember') === 'on'
    const step = await loginWithPassword(
      { username: form.get('username') ?? '', password: form.get('password') ?? '' },
      request,
      remember,
    )
    if ('ticket' in step) return data<LoginAnswer>({ errors: null, ticket: step.ticket })
    return redirect('/admin/dashboard', {
      headers: { 'Set-Cookie': await sessionCookie(request, step.session.token, remember) },
    })
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    if (error.status === 401 && error.errors?.Code) {
      return data<LoginAnswer>(
        { errors: { Code: 'Kode verifikasi salah atau sudah dipakai.' }, ticket: ticket ?? undefined },
        { status: 401 },
      )
    }
    if (error.status === 401 && ticket)
      return data<LoginAnswer>({ errors: { Error: 'Waktu verifikasi habis. Silakan login kembali.' } }, { status: 401 })
    if (error.status === 401)
      return data<LoginAnswer>({ errors: { Error: 'Username atau password salah.' } }, { status: 401 })
    const keep = ticket && error.status === 429 ? { ticket } : {}
    return data<LoginAnswer>(
      { errors: (error.errors ?? { Error: error.message }) as LoginErrors, ...keep },
      { status: error.status, headers: error.headers },
    )
  }
}

/** Keluar: ends this device's session and clears the cookie, then back to /login. */
export async function logoutAction({ request }: ActionFunctionArgs) {
  const user = await getSessionUser(request)
  if (user) await logout(user, request)
  return redirect('/login', { headers: { 'Set-Cookie': await tokenCookie(request).serialize('', { maxAge: 0 }) } })
}

/** Logging out changes state, so it is a POST only; a visit just goes to the login screen. */
export const logoutLoader = () => redirect('/login')

/** Whether the site can send e-mail (SMTP_URL and MAIL_FROM): otherwise the page says to ask an administrator. */
export const forgotPasswordLoader = () =>
  data({ canMail: mailConfigured() }, { headers: { 'Cache-Control': 'no-store' } })

/**
 * "Lupa password?": e-mails a reset link to the account with this address. The answer is the same whether or not
 * the address exists, and comes without waiting for the mail (so its timing tells nothing either). The mailed link
 * is on SITE_URL, whatever Host the request names (models/accounts/password-reset.server.ts).
 */
export async function forgotPasswordAction({ request }: ActionFunctionArgs) {
  const form = await readSmallForm(request, 16 * 1024)
  if (!form) return data({ sent: false, error: FORM_TOO_LARGE }, { status: 413 })
  const email = (form.get('email') ?? '').trim()
  if (!email) return data({ sent: false, error: 'Email wajib diisi.' }, { status: 422 })
  mailResetLink(email, clientAddressOf(request)).catch((error) =>
    logError('password-reset-mail', error, request, 'could not send the reset mail'),
  )
  return { sent: true, error: null }
}

export async function resetPasswordLoader({ params }: LoaderFunctionArgs) {
  return data({ valid: await resetLinkValid(params.token ?? '') }, { headers: { 'Cache-Control': 'no-store' } })
}

export type ResetErrors = { Token?: string; Password?: string; Password_confirmation?: string }

/** /reset-password/{token}: a new password for the link's user; every device of that user is logged out. */
export async function resetPasswordAction({ request, params }: ActionFunctionArgs) {
  const form = await readSmallForm(request, 16 * 1024)
  if (!form) return data({ done: false, errors: { Password: FORM_TOO_LARGE } as ResetErrors | null }, { status: 413 })
  try {
    await resetPassword(
      {
        token: params.token,
        password: form.get('password') ?? '',
        password_confirmation: form.get('password_confirmation') ?? '',
      },
      clientAddressOf(request),
    )
    return { done: true, errors: null as ResetErrors | null }
  } catch (error) {
    if (error instanceof HttpError && error.status < 500)
      return data({ done: false, errors: (error.errors ?? {}) as ResetErrors }, { status: error.status })
    throw error
  }
}

/** POST /api/login {username, password} */
export const loginApi = apiCall('POST', async ({ request }) =>
  apiSuccess('Login successful', await login(await readJsonObject(request), request)),
)

/** POST /api/password-reset {token, password, password_confirmation} (no authentication). */
export const passwordResetApi = apiCall('POST', async ({ request }) => {
  await resetPassword(await readJsonObject(request), clientAddressOf(request))
  return apiSuccess('Password has been reset', null)
})
