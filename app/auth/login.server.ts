import { z } from 'zod'
import { getEnv } from '~/utils/config.server'
import { HttpError, clientAddressOf } from '~/utils/http.server'
import { log } from '~/utils/error-log.server'
import { parseInput } from '~/utils/validation.server'
import { recordActivity } from '~/models/accounts/activity.server'
import { createSession, endSession, endSessions } from '~/models/accounts/device-session.server'
import { acceptSecondFactor } from '~/models/accounts/two-factor.server'
import { findSessionUser, userIdByUsername, verifyLogin, type SessionUser } from '~/models/accounts/user.server'
import { actorOf, deviceOf } from './actor.server'
import { beginAttempt, giveBack, recordSuccess } from './throttle.server'
import { signLoginTicket, signToken, verifyLoginTicket, type TokenClaims } from './token.server'
import { villageCache } from '~/utils/village-cache.server'
import { clientKeyOf } from '~/utils/client-key.server'

/** One log line per login attempt (a failed or throttled one is a warning): never the password. */
function logLogin(outcome: 'ok' | 'failed' | 'throttled', username: string, address: string | null) {
  log[outcome === 'ok' ? 'info' : 'warn']({ event: 'login', outcome, username: username.slice(0, 100), address })
}

export const credentials = z.object({
  username: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
    z
      .string({ invalid_type_error: 'Username must be text' })
      .min(1, 'Username is required')
      .max(255, 'Username is too long'),
  ),
  password: z.preprocess(
    (v) => v ?? '',
    z
      .string({ invalid_type_error: 'Password must be text' })
      .min(1, 'Password is required')
      .max(1024, 'Password is too long'),
  ),
})

/** The API's login body: the credentials and, for a user with two-factor login on, the code. */
const loginBody = credentials.extend({ code: z.unknown() })

/** A two-factor user's code: text or nothing; any other JSON type is a 422 on `Code` (decision 030). */
const twoFactorCode = z.object({
  code: z.preprocess((v) => v ?? undefined, z.string({ invalid_type_error: 'Code must be text' }).optional()),
})

export const invalidCredentials = () =>
  new HttpError(401, 'Invalid username or password', { Error: 'Invalid username or password' })
export const codeRequired = () => new HttpError(401, 'Two-factor code required', { Code: 'Two-factor code required' })
export const invalidCode = () => new HttpError(401, 'Invalid two-factor code', { Code: 'Invalid two-factor code' })

/** A session chosen without "remember me" on the login form: ends with the browser, and after 12 hours at most. */
const SHORT_SESSION_SECONDS = 12 * 3600

/** Seconds a new session lasts: TOKEN_TTL for the API and "remember me", otherwise the short session. */
export const sessionSeconds = (remember: boolean) =>
  remember ? getEnv().TOKEN_TTL : Math.min(getEnv().TOKEN_TTL, SHORT_SESSION_SECONDS)

/** Throttled attempts are logged once a minute per username and address, so a flood cannot flood the log too. */
const throttledLogged = villageCache<number>('the throttled-login log memo', { maxEntries: 10_000 })
function firstThrottledThisMinute(username: string, address: string | null, now = Date.now()) {
  const key = `${username.toLowerCase()}|${address ?? ''}`
  if (now - (throttledLogged.get(key, 0) ?? 0) < 60_000) return false
  throttledLogged.set(key, 0, now)
  return true
}

/**
 * Runs an attempt for `username` (decision 060): the 429 while the username or the client has too many recent
 * failures; else the attempt is counted as a failure before `work` checks anything, in the step that read the counts,
 * and given back unless `work` fails it (a 401 from `failedAttempt`).
 */
async function attempting<T>(username: string, request: Request, work: () => Promise<T>): Promise<T> {
  const { retryAfter, attempt } = await beginAttempt(username, clientKeyOf(request))
  if (!attempt) return refuseThrottled(username, request, retryAfter)
  let result: T
  try {
    result = await work()
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 401)) await giveBack(attempt)
    throw error
  }
  await giveBack(attempt)
  return result
}

/** The 429 of a throttled attempt, logged (and kept in the activity log once a minute). */
async function refuseThrottled(username: string, request: Request, wait: number): Promise<never> {
  const address = clientAddressOf(request)
  logLogin('throttled', username, address)
  if (firstThrottledThisMinute(username, address)) {
    await recordActivity({
      actor: actorOf(request, { id: await userIdByUsername(username), name: username }),
      action: 'login_failed',
      resource: 'users',
      summary: 'Terlalu banyak percobaan',
    })
  }
  throw new HttpError(
    429,
    'Too many login attempts. Please try again later.',
    { Error: 'Too many login attempts. Please try again later.' },
    { 'Retry-After': String(wait) },
  )
}

/**
 * A failed attempt (counted toward the throttle since it began: `attempting`), logged, and kept in the activity log
 * under the name that was tried.
 */
async function failedAttempt(
  request: Request,
  username: string,
  userId: number | null,
  error: HttpError,
  reason: string,
): Promise<never> {
  logLogin('failed', username, clientAddressOf(request))
  const actor = actorOf(request, { id: userId ?? (await userIdByUsername(username)), name: username })
  await recordActivity({ actor, action: 'login_failed', resource: 'users', resourceId: actor.id, summary: reason })
  throw error
}

/**
 * The body of an attempt, parsed by `schema`. One refused with a 422 (a missing password, a field of the wrong type)
 * is an attempt all the same: when it names a user, the activity log keeps it as a failed login (not counted toward
 * the throttle: it tried no password).
 */
async function attemptBody<T extends z.ZodTypeAny>(schema: T, raw: unknown, request: Request): Promise<z.infer<T>> {
  try {
    return parseInput(schema, raw)
  } catch (error) {
    const named = raw && typeof raw === 'object' ? (raw as { username?: unknown }).username : undefined
    const username = typeof named === 'string' ? named.trim().slice(0, 255) : ''
    if (username && error instanceof HttpError && error.status === 422) {
      logLogin('failed', username, clientAddressOf(request))
      const actor = actorOf(request, { id: await userIdByUsername(username), name: username })
      await recordActivity({
        actor,
        action: 'login_failed',
        resource: 'users',
        resourceId: actor.id,
        summary: 'Username atau password tidak lengkap',
      })
    }
    throw error
  }
}

/** Username and password checked; the user, or a failed attempt (401 `Error`, alike for unknown users). */
async function passwordStep(
  { username, password }: z.infer<typeof credentials>,
  request: Request,
): Promise<{ user: SessionUser; username: string }> {
  const found = await verifyLogin(username, password)
  const user = found ? await findSessionUser(found.id) : null
  if (!user) return failedAttempt(request, username, null, invalidCredentials(), 'Username atau password salah')
  return { user, username }
}

/** The second factor of a user who has it on: a missing, wrong, reused or expired code is a failed attempt. */
async function codeStep(user: SessionUser, username: string, code: string | undefined, request: Request) {
  const typed = code?.trim() ?? ''
  if (!typed) return failedAttempt(request, username, user.id, codeRequired(), 'Kode verifikasi tidak diisi')
  if (typed.length > 64 || !(await acceptSecondFactor(user.id, typed)))
    return failedAttempt(request, username, user.id, invalidCode(), 'Kode verifikasi salah')
}

/** A new session for the user: the login payload of the contract with its token. */
async function startSession(user: SessionUser, username: string, request: Request, seconds: number) {
  await recordSuccess(username)
  logLogin('ok', username, clientAddressOf(request))
  const expiresAt = new Date(Date.now() + seconds * 1000)
  const sessionId = await createSession(user.id, deviceOf(request), expiresAt)
  await recordActivity({
    actor: actorOf(request, user),
    action: 'login',
    resource: 'users',
    resourceId: user.id,
    summary: user.name,
  })
  const { roles: _roles, two_factor_enabled: _twoFactor, ...profile } = user
  return { ...profile, token: signToken(user.id, sessionId, expiresAt), expiresAt }
}

/**
 * POST /api/login. Throttled (429 with Retry-After, see throttle.server.ts); then checks a username and password
 * (422 with `Username`/`Password` when missing, 401 `Error` when wrong, alike for unknown users) and, for a user
 * with two-factor login on, the `code` (401 `Code`); returns the login payload of the contract with a new token.
 * A user without two-factor login logs in exactly as before (a `code` they send is ignored, whatever its type); a
 * two-factor user's code that is not text is a 422 `Code`, as any field of the wrong JSON type is.
 */
export async function login(raw: unknown, request: Request) {
  const { code, ...given } = await attemptBody(loginBody, raw, request)
  return attempting(given.username, request, async () => {
    const { user, username } = await passwordStep(given, request)
    if (user.two_factor_enabled) await codeStep(user, username, parseInput(twoFactorCode, { code }).code, request)
    const { expiresAt: _expires, ...payload } = await startSession(user, username, request, sessionSeconds(true))
    return payload
  })
}

/**
 * The login form's first step: a finished login, or, for a user with two-factor login on, a ticket (5 minutes)
 * that the second step sends back with the code instead of the password.
 */
export async function loginWithPassword(raw: unknown, request: Request, remember: boolean) {
  const given = await attemptBody(credentials, raw, request)
  return attempting(given.username, request, async () => {
    const { user, username } = await passwordStep(given, request)
    if (user.two_factor_enabled) return { ticket: signLoginTicket({ userId: user.id, remember }) }
    return { session: await startSession(user, username, request, sessionSeconds(remember)) }
  })
}

/** The login form's second step; an expired or forged ticket sends the user back to the first (401 `Error`). */
export async function loginWithCode(ticket: string, code: string, request: Request) {
  const claims = verifyLoginTicket(ticket)
  const user = claims ? await findSessionUser(claims.userId) : null
  if (!claims || !user || !user.two_factor_enabled)
    throw new HttpError(401, 'Login expired', { Error: 'Login expired' })
  return attempting(user.username, request, async () => {
    await codeStep(user, user.username, code, request)
    return {
      ...(await startSession(user, user.username, request, sessionSeconds(claims.remember))),
      remember: claims.remember,
    }
  })
}

/** Logout ends the session of the token it was called with; the user's other devices (e.g. the mobile app) stay. */
export async function logout(user: SessionUser & { claims: TokenClaims }, request: Request) {
  await endSession(user.claims.jti)
  await recordActivity({
    actor: actorOf(request, user),
    action: 'logout',
    resource: 'users',
    resourceId: user.id,
    summary: user.name,
  })
}

/** Logs every device of the user out, this one included. */
export const logoutEverywhere = (user: SessionUser, request: Request) => endSessions(user.id, actorOf(request, user))
