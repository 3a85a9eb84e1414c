import crypto from 'node:crypto'
import jwt from 'jsonwebtoken'
import { getEnv } from '~/server/env.server'

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
  })
}

/** The claims of a token we signed that has not expired, or null. The algorithm is pinned: `none` and RS/HS confusion fail. */
export function verifyToken(token: string): TokenClaims | null {
  try {
    const payload = jwt.verify(token, secretKey(), { algorithms: [ALGORITHM], issuer: ISSUER })
    if (typeof payload !== 'object' || payload === null) return null
    const userId = Number(payload.sub)
    if (!Number.isSafeInteger(userId) || userId < 1) return null
    if (typeof payload.jti !== 'string' || !payload.jti || typeof payload.exp !== 'number') return null
    return { userId, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) }
  } catch {
    return null
  }
}

export type LoginTicket = { userId: number; remember: boolean }

/** After a right password, the login form's second step carries this (5 minutes) instead of the password. */
export function signLoginTicket(ticket: LoginTicket): string {
  return jwt.sign({ remember: ticket.remember }, secretKey(), {
    algorithm: ALGORITHM,
    subject: String(ticket.userId),
    issuer: TICKET_ISSUER,
    expiresIn: TICKET_SECONDS,
  })
}

export function verifyLoginTicket(ticket: string): LoginTicket | null {
  try {
    const payload = jwt.verify(ticket, secretKey(), { algorithms: [ALGORITHM], issuer: TICKET_ISSUER })
    if (typeof payload !== 'object' || payload === null) return null
    const userId = Number(payload.sub)
    if (!Number.isSafeInteger(userId) || userId < 1) return null
    return { userId, remember: payload.remember === true }
  } catch {
    return null
  }
}
