import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { jsonWithSuccess } from 'remix-toast'
import { actorOf } from '~/auth/actor.server'
import { logout, logoutEverywhere } from '~/auth/login.server'
import { requireUser } from '~/auth/session.server'
import type { AccountAnswer, AccountIntent } from '~/lib/account-answer'
import { describeDevice } from '~/lib/user-agent'
import { endOwnSession, endSessions, listSessions } from '~/models/accounts/device-session.server'
import {
  beginTwoFactorSetup,
  disableTwoFactor,
  enableTwoFactor,
  qrSvg,
  recoveryCodesLeft,
} from '~/models/accounts/two-factor.server'
import { accountOf, changeOwnPassword, updateOwnProfile } from '~/models/accounts/user.server'
import { readUrlEncoded } from '~/utils/form-input.server'
import { apiCall, apiSuccess, handleApi, HttpError, readJsonObject } from '~/utils/http.server'

export { methodNotAllowed } from '~/utils/http.server'

/**
 * The own-account door: Akun Saya (/admin/account; every logged-in user's own profile, password, two-factor login
 * and devices, no permission needed), the same through `/api/admin/me*`, and the API's two logouts.
 */

/** Akun Saya's screen: the account, how many recovery codes are left, and the devices logged in. */
export async function accountLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const [sessions, codesLeft] = await Promise.all([
    listSessions(user.id, user.claims.jti),
    user.two_factor_enabled ? recoveryCodesLeft(user.id) : 0,
  ])
  return {
    account: { name: user.name, username: user.username, email: user.email, twoFactor: user.two_factor_enabled },
    codesLeft,
    sessions: sessions.map((session) => ({ ...session, device: describeDevice(session.user_agent) })),
  }
}

const done = (answer: AccountAnswer, message: string) =>
  jsonWithSuccess<AccountAnswer>(answer, { message, duration: 3000 })

/** Akun Saya's forms, told apart by their `intent`: a toast on success, the field errors (or `Error`) otherwise. */
export async function accountAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const form = Object.fromEntries(await readUrlEncoded(request))
  const intent = form.intent as AccountIntent
  const actor = actorOf(request, user)
  try {
    switch (intent) {
      case 'profile':
        await updateOwnProfile(user.id, form, actor)
        return done({ intent, errors: null }, 'Profil berhasil disimpan.')
      case 'password':
        await changeOwnPassword(user.id, user.claims.jti, form, actor)
        return done({ intent, errors: null }, 'Password berhasil diganti. Perangkat lain telah dikeluarkan.')
      case 'two-factor-setup': {
        const setup = await beginTwoFactorSetup(user.id)
        const qr = `data:image/svg+xml;base64,${Buffer.from(qrSvg(setup.otpauth_url)).toString('base64')}`
        return data<AccountAnswer>({ intent, errors: null, setup: { secret: setup.secret, qr } })
      }
      case 'two-factor-enable': {
        const { recovery_codes } = await enableTwoFactor(user.id, form, actor)
        return done({ intent, errors: null, recoveryCodes: recovery_codes }, 'Verifikasi dua langkah aktif.')
      }
      case 'two-factor-disable':
        await disableTwoFactor(user.id, form, actor)
        return done({ intent, errors: null }, 'Verifikasi dua langkah dinonaktifkan.')
      case 'end-session':
        await endOwnSession(user.id, String(form.id ?? ''), actor)
        return done({ intent, errors: null }, 'Perangkat telah dikeluarkan.')
      case 'end-others':
        await endSessions(user.id, actor, user.claims.jti)
        return done({ intent, errors: null }, 'Semua perangkat lain telah dikeluarkan.')
      default:
        throw new Response('Bad Request', { status: 400 })
    }
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      return data<AccountAnswer>({ intent, errors: error.errors ?? { Error: error.message } }, { status: error.status })
    }
    throw error
  }
}

type LoggedInUser = Awaited<ReturnType<typeof requireUser>>

/** `POST /api/logout` and `/api/logout-all`: `end` ends the caller's session(s), answered with `message`. */
const apiLogout =
  (end: (user: LoggedInUser, request: Request) => Promise<unknown>, message: string) =>
  ({ request }: ActionFunctionArgs) =>
    handleApi(request, async () => {
      if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
      await end(await requireUser(request), request)
      return apiSuccess(message, null)
    })

/** POST /api/logout: ends the session of the caller's token (only that device). */
export const apiLogoutThis = apiLogout(logout, 'Logout successful')

/** POST /api/logout-all: ends every session of the caller, this one included. */
export const apiLogoutAll = apiLogout(logoutEverywhere, 'Logged out on every device')

/** GET /api/admin/me: the caller's own account (any logged-in user). */
export const meApi = apiCall('GET', async ({ request }) =>
  apiSuccess('My Account', accountOf(await requireUser(request))),
)

/** PUT /api/admin/me {name, email} */
export const meUpdateApi = apiCall('PUT', async ({ request }) => {
  const user = await requireUser(request)
  const updated = await updateOwnProfile(user.id, await readJsonObject(request), actorOf(request, user))
  return apiSuccess(
    'Account updated successfully',
    accountOf({ ...user, name: updated.name, email: updated.email, updated_at: updated.updated_at }),
  )
})

/** PUT /api/admin/me/password {current_password, password, password_confirmation}: every other session ends. */
export const mePasswordApi = apiCall('PUT', async ({ request }) => {
  const user = await requireUser(request)
  await changeOwnPassword(user.id, user.claims.jti, await readJsonObject(request), actorOf(request, user))
  return apiSuccess('Password changed successfully', null)
})

/** GET /api/admin/me/sessions: the caller's logged-in devices, newest first, `current` marking this one. */
export const meSessionsApi = apiCall('GET', async ({ request }) => {
  const user = await requireUser(request)
  return apiSuccess('List Data Sessions', await listSessions(user.id, user.claims.jti))
})

/** DELETE /api/admin/me/sessions/{id}: logs one of the caller's devices out (404 for another user's session). */
export const meSessionEndApi = apiCall('DELETE', async ({ request, params }) => {
  const user = await requireUser(request)
  await endOwnSession(user.id, String(params.id ?? ''), actorOf(request, user))
  return apiSuccess('Session ended successfully', null)
})

/** POST /api/admin/me/2fa/setup -> {secret, otpauth_url}: not active until enabled with a code. */
export const twoFactorSetupApi = apiCall('POST', async ({ request }) => {
  const user = await requireUser(request)
  return apiSuccess('Two-factor setup started', await beginTwoFactorSetup(user.id))
})

/** POST /api/admin/me/2fa/enable {code} -> {recovery_codes}: 10 single-use codes, answered this once. */
export const twoFactorEnableApi = apiCall('POST', async ({ request }) => {
  const user = await requireUser(request)
  return apiSuccess(
    'Two-factor login enabled',
    await enableTwoFactor(user.id, await readJsonObject(request), actorOf(request, user)),
  )
})

/** POST /api/admin/me/2fa/disable {password} */
export const twoFactorDisableApi = apiCall('POST', async ({ request }) => {
  const user = await requireUser(request)
  await disableTwoFactor(user.id, await readJsonObject(request), actorOf(request, user))
  return apiSuccess('Two-factor login disabled', null)
})
