import { z } from 'zod'
import { HttpError } from '~/server/http.server'
import { parseInput } from '~/server/validation.server'
import { findSessionUser, revokeToken, verifyLogin } from '~/models/user.server'
import { clientAddress, recordFailure, recordSuccess, retryAfterSeconds } from './throttle.server'
import { signToken, type TokenClaims } from './token.server'

/** One JSON line per login attempt: never the password. */
function logLogin(outcome: 'ok' | 'failed' | 'throttled', username: string, address: string | null) {
  const line = { t: new Date().toISOString(), event: 'login', outcome, username: username.slice(0, 100), address }
  ;(outcome === 'ok' ? console.log : console.warn)(JSON.stringify(line))
}

export const credentials = z.object({
  username: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v ?? ''), z.string({ invalid_type_error: 'Username must be text' }).min(1, 'Username is required').max(255, 'Username is too long')),
  password: z.preprocess((v) => v ?? '', z.string({ invalid_type_error: 'Password must be text' }).min(1, 'Password is required').max(1024, 'Password is too long')),
})

export const invalidCredentials = () => new HttpError(401, 'Invalid username or password', { Error: 'Invalid username or password' })

/**
 * Throttled (429 with Retry-After, see throttle.server.ts); then checks a username and password (422 with `Username`/`Password` when missing, 401 `Error` when wrong,
 * alike for unknown users) and returns the login payload of the contract with a new token.
 */
export async function login(raw: unknown, request?: Request) {
  const { username, password } = parseInput(credentials, raw)
  const address = clientAddress(request)
  const wait = await retryAfterSeconds(username, address)
  if (wait > 0) {
    logLogin('throttled', username, address)
    throw new HttpError(429, 'Too many login attempts. Please try again later.', { Error: 'Too many login attempts. Please try again later.' }, { 'Retry-After': String(wait) })
  }
  const found = await verifyLogin(username, password)
  const user = found ? await findSessionUser(found.id) : null
  if (!user) {
    await recordFailure(username, address)
    logLogin('failed', username, address)
    throw invalidCredentials()
  }
  await recordSuccess(username)
  logLogin('ok', username, address)
  const token = signToken(user.id, user.token_version)
  const { token_version: _version, roles: _roles, ...profile } = user
  return { ...profile, token }
}

/** Logout revokes the token it was called with; the user's other sessions (e.g. the mobile app) stay. */
export const logout = (claims: TokenClaims) => revokeToken(claims.jti, claims.userId, claims.expiresAt)
