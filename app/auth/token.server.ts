import crypto from 'node:crypto'
import jwt from 'jsonwebtoken'
import { getEnv } from '~/utils/config.server'
import { scopeKey } from '~/utils/village-scope.server'

const ISSUER = 'balai-desa'
/** A second-step ticket of a two-factor login: signed by us, but never accepted as a login token. */
const TICKET_ISSUER = 'balai-desa/two-factor'
const TICKET_SECONDS = 5 * 60
const ALGORITHM = 'HS256'

/** `jti` is the id of the token's session row (models/session.server.ts): the token is valid while that row exists. */
export type TokenClaims = { userId: number; jti: string; expiresAt: Date }

let cachedKey: { secret: string; key: crypto.KeyObject } | undefined

/**
 * The secret as a key object, made once. Given the string, jsonwebtoken first tries it as a public key on every
 * call and builds the secret key from the failure: that was the largest single cost of an authenticated request.
 */
function secretKey(): crypto.KeyObject {
  const secret = getEnv().JWT_SECRET
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: crypto.createSecretKey(Buffer.from(secret, 'utf8')) }
  return cachedKey.key
}

/** A login token for the session `sessionId`, expiring with it. */
export function signToken(userId: number, sessionId: string, expiresAt: Date): string {
  return jwt.sign({ exp: Math.floor(expiresAt.getTime() / 1000) }, secretKey(), {
    algorithm: ALGORITHM,
    subject: String(userId),
    issuer: ISSUER,
    jwtid: sessionId,
    ...audience(),
  })
}

/**
 * With REGENCY_HOST, whose token it is: the village's id, or `regency` (decision 055). A token of village A is then
 * refused at village B and at the regency before any database is asked, and a village made again under an old slug
 * (a new id) accepts none of the old one's. One village: no audience, as always.
 */
const audience = (): { audience?: string } => {
  const key = scopeKey("a token's audience")
  return key ? { audience: key } : {}
}

/**
 * The payload and user id of a token we signed for `issuer` that has not expired, or null. The algorithm is pinned:
 * `none` and RS/HS confusion fail.
 */
function verified(token: string, issuer: string): { payload: jwt.JwtPayload; userId: number } | null {
  try {
    const payload = jwt.verify(token, secretKey(), { algorithms: [ALGORITHM], issuer, ...audience() })
    if (typeof payload !== 'object' || payload === null) return null
    const userId = Number(payload.sub)
    return Number.isSafeInteger(userId) && userId >= 1 ? { payload, userId } : null
  } catch {
    return null
  }
}

/** The claims of a login token we signed that has not expired, or null. */
export function verifyToken(token: string): TokenClaims | null {
  const found = verified(token, ISSUER)
  const { jti, exp } = found?.payload ?? {}
  if (!found || typeof jti !== 'string' || !jti || typeof exp !== 'number') return null
  return { userId: found.userId, jti, expiresAt: new Date(exp * 1000) }
}

export type LoginTicket = { userId: number; remember: boolean }

/** After a right password, the login form's second step carries this (5 minutes) instead of the password. */
export function signLoginTicket(ticket: LoginTicket): string {
  return jwt.sign({ remember: ticket.remember }, secretKey(), {
    algorithm: ALGORITHM,
    subject: String(ticket.userId),
    issuer: TICKET_ISSUER,
    expiresIn: TICKET_SECONDS,
    ...audience(),
  })
}

/** The user and "remember me" of a login ticket we signed that has not expired, or null. */
export function verifyLoginTicket(ticket: string): LoginTicket | null {
  const found = verified(ticket, TICKET_ISSUER)
  return found && { userId: found.userId, remember: found.payload.remember === true }
}
