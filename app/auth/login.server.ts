import { z } from 'zod'
import { HttpError } from '~/lib/http.server'
import { parseInput } from '~/lib/validation.server'
import { findSessionUser, revokeToken, verifyLogin } from '~/models/user.server'
import { signToken, type TokenClaims } from './token.server'

const credentials = z.object({
  username: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v ?? ''), z.string({ invalid_type_error: 'Username must be text' }).min(1, 'Username is required').max(255, 'Username is too long')),
  password: z.preprocess((v) => v ?? '', z.string({ invalid_type_error: 'Password must be text' }).min(1, 'Password is required').max(1024, 'Password is too long')),
})

export const invalidCredentials = () => new HttpError(401, 'Invalid username or password', { Error: 'Invalid username or password' })

/**
 * Checks a username and password (422 with `Username`/`Password` when missing, 401 `Error` when wrong,
 * alike for unknown users) and returns the login payload of the contract with a new token.
 */
export async function login(raw: unknown) {
  const { username, password } = parseInput(credentials, raw)
  const found = await verifyLogin(username, password)
  if (!found) throw invalidCredentials()
  const user = await findSessionUser(found.id)
  if (!user) throw invalidCredentials()
  const token = signToken(user.id, user.token_version)
  const { token_version: _version, roles: _roles, ...profile } = user
  return { ...profile, token }
}

/** Logout revokes the token it was called with; the user's other sessions (e.g. the mobile app) stay. */
export const logout = (claims: TokenClaims) => revokeToken(claims.jti, claims.userId, claims.expiresAt)
