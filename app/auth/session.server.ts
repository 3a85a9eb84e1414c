import { createCookie, redirect } from '@remix-run/node'
import { isApiPath } from '#core/api-envelope.mjs'
import { freshDataVersion } from '~/utils/data-version.server'
import { getEnv } from '~/utils/config.server'
import { log } from '~/utils/error-log.server'
import { villageCache } from '~/utils/village-cache.server'
import { cameOverHttps, forbidden, unauthenticated, clientAddressOf } from '~/utils/http.server'
import { findSession, touchSession, TOUCH_INTERVAL_MS } from '~/models/accounts/device-session.server'
import { findSessionUser, type SessionUser } from '~/models/accounts/user.server'
import { holdsAny, type PermissionName } from '~/resources/permissions'
import { verifyToken, type TokenClaims } from './token.server'

/**
 * The admin UI's session: the same token as the API's, in an HttpOnly cookie named `token`, marked Secure when
 * the site is served over HTTPS (a browser drops a Secure cookie on a plain-HTTP address, e.g. on a village LAN).
 * Without "remember me" it is a browser-session cookie (no Max-Age): closing the browser ends it.
 */
export function tokenCookie(request: Request, maxAge?: number) {
  return createCookie('token', {
    httpOnly: true,
    sameSite: 'lax',
    secure: cameOverHttps(request),
    path: '/',
    ...(maxAge !== undefined ? { maxAge } : {}),
  })
}

/**
 * The Set-Cookie of a new admin session: kept for TOKEN_TTL with "remember me", for the browser's session otherwise.
 */
export const sessionCookie = (request: Request, token: string, remember: boolean) =>
  tokenCookie(request, remember ? getEnv().TOKEN_TTL : undefined).serialize(token)

function readCookieToken(header: string | null): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === 'token') {
      let raw: string
      try {
        raw = decodeURIComponent(rest.join('='))
      } catch {
        // Not valid percent-encoding (`token=%ff`): no token of ours, so no token at all.
        return null
      }
      // createCookie stores a base64-encoded JSON string; the API's clients may also set the bare token.
      try {
        const decoded = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'))
        if (typeof decoded === 'string') return decoded
      } catch {
        // a bare token
      }
      return raw || null
    }
  }
  return null
}

/** `Authorization: Bearer` first, then the `token` cookie. */
export function readToken(request: Request): string | null {
  const header = request.headers.get('Authorization')
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
    return match ? match[1] : null
  }
  return readCookieToken(request.headers.get('Cookie'))
}

const cache = new WeakMap<Request, Promise<(SessionUser & { claims: TokenClaims }) | null>>()

/**
 * What the database said about a token's user (the user and their permissions), valid for one data version.
 * Every committed write to users, roles or permissions bumps that version, in this worker or any other worker or
 * instance, and the memo asks for the version afresh (freshDataVersion: one query on PostgreSQL, a local read on
 * SQLite), so a changed role or permission, a password change or a deleted user is read afresh on the very next
 * request wherever it lands. A version read before the lookup can only be older than the data the lookup sees,
 * never newer, so a remembered answer is never staler than its version.
 * The session row itself (one primary-key read) is read on every request: sessions have no data-version trigger,
 * so that a login or a device's last use never empties the public caches, and a logout or a revoked device is
 * refused on the very next request on every worker and instance all the same.
 */
const remembered = villageCache<SessionUser | null>('the session memo', { maxEntries: 2000 })

/** The one place a token's standing is read from the database (and its last use noted, every few minutes at most). */
async function lookUp(claims: TokenClaims, request: Request): Promise<SessionUser | null> {
  // The village's memo, taken before any wait: the lookup stays in the namespace it began in.
  const memo = remembered.here()
  const version = await freshDataVersion()
  // Keyed by session and user: a forged token pairing a real session with another user must not change the answer.
  const key = `${claims.jti}:${claims.userId}`
  const hit = memo.get(key, version)
  const [user, session] = await Promise.all([
    hit !== undefined ? hit : findSessionUser(claims.userId),
    findSession(claims.jti),
  ])
  if (hit === undefined && version >= 0) memo.set(key, version, user)
  const valid =
    user && session && session.user_id === user.id && session.expires_at.getTime() > Date.now() ? user : null
  // Sessions whose last use is being written (`running`): requests meanwhile do not queue it again.
  if (valid && Date.now() - session!.last_used_at.getTime() > TOUCH_INTERVAL_MS && !memo.running(claims.jti)) {
    const done = memo.begin(claims.jti)
    touchSession(claims.jti, clientAddressOf(request))
      .catch((error) => log.error({ event: 'session-touch', err: error }, 'could not note the last use of a session'))
      .finally(done)
  }
  return valid
}

/**
 * The user behind the request's token, with the permissions the database holds now: a changed role,
 * a logout, a password change or a deleted user take effect on the very next request.
 */
export function getSessionUser(request: Request): Promise<(SessionUser & { claims: TokenClaims }) | null> {
  let pending = cache.get(request)
  if (!pending) {
    pending = (async () => {
      const token = readToken(request)
      const claims = token ? verifyToken(token) : null
      if (!claims) return null
      const user = await lookUp(claims, request)
      return user ? { ...user, claims } : null
    })()
    cache.set(request, pending)
  }
  return pending
}

// Route matching ignores case, so /API/... reaches the API's routes too and must get its JSON answers.
const isApi = (request: Request) => isApiPath(new URL(request.url).pathname)

async function loginRedirect(request: Request) {
  const url = new URL(request.url)
  const headers = new Headers()
  if (readToken(request)) headers.append('Set-Cookie', await tokenCookie(request).serialize('', { maxAge: 0 }))
  const to =
    url.pathname === '/admin' || url.pathname === '/admin/'
      ? '/login'
      : `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`
  return redirect(to, { headers })
}

/** A logged-in user: for `/api/*` a 401 otherwise, for the admin UI a redirect to /login. */
export async function requireUser(request: Request): Promise<SessionUser & { claims: TokenClaims }> {
  const user = await getSessionUser(request)
  if (user) return user
  if (isApi(request)) throw unauthenticated()
  throw await loginRedirect(request)
}

export const can = (user: SessionUser | null | undefined, anyOf: PermissionName | readonly PermissionName[]) =>
  !!user && holdsAny(user.permissions, anyOf)

/**
 * The one permission check both doors use. For `/api/*` it answers 401/403 JSON; for the admin UI
 * it redirects to /login or /admin/forbidden.
 */
export async function requirePermission(
  request: Request,
  anyOf: PermissionName | readonly PermissionName[],
): Promise<SessionUser & { claims: TokenClaims }> {
  const user = await requireUser(request)
  if (can(user, anyOf)) return user
  if (isApi(request)) throw forbidden()
  throw redirect('/admin/forbidden')
}
