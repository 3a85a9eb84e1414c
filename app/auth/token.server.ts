import crypto from 'node:crypto'
import jwt from 'jsonwebtoken'
import { getEnv } from '~/server/env.server'

const ISSUER = 'balai-desa'
const ALGORITHM = 'HS256'

export type TokenClaims = { userId: number; version: number; jti: string; expiresAt: Date }

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

export function signToken(userId: number, version: number): string {
  const env = getEnv()
  return jwt.sign({ ver: version }, secretKey(), {
    algorithm: ALGORITHM,
    subject: String(userId),
    issuer: ISSUER,
    expiresIn: env.TOKEN_TTL,
    jwtid: crypto.randomUUID(),
  })
}

/** The claims of a token we signed that has not expired, or null. The algorithm is pinned: `none` and RS/HS confusion fail. */
export function verifyToken(token: string): TokenClaims | null {
  try {
    const payload = jwt.verify(token, secretKey(), { algorithms: [ALGORITHM], issuer: ISSUER })
    if (typeof payload !== 'object' || payload === null) return null
    const userId = Number(payload.sub)
    const version = payload.ver
    if (!Number.isSafeInteger(userId) || userId < 1 || typeof version !== 'number') return null
    if (typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null
    return { userId, version, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) }
  } catch {
    return null
  }
}
