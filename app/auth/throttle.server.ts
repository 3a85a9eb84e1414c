import { prisma, serializeWrite } from '~/utils/db.server'
import { prunedEvery, secondsUntilRoom } from '~/utils/throttle-window.server'

/**
 * Login throttling: after 5 failed attempts for one username, or 20 from one client (the key of
 * utils/client-key.server.ts: an IPv4 address, an IPv6 /64), within 15 minutes, further attempts are refused with 429
 * until the oldest failure leaves the window. The failures are rows of `login_failures`, so every worker and every
 * instance counts the same attempts (a restart forgets nothing). That table has no data-version trigger: failed
 * logins never empty the public caches.
 *
 * An attempt is counted as a failure when it begins, in the serialised step that reads the counts (decision 060), and
 * given back once it proves not to be one: a password takes time to check, and parallel wrong passwords that all read
 * the counts before the first of them was written would all be tried.
 */
export const WINDOW_MS = 15 * 60 * 1000
export const MAX_PER_USERNAME = 5
export const MAX_PER_ADDRESS = 20
/** Expired rows are deleted at most this often (by whichever process counts an attempt). */
const PRUNE_EVERY_MS = 60 * 1000
const prune = prunedEvery("the login throttle's last prune", PRUNE_EVERY_MS)

const keysFor = (username: string, clientKey: string | null) => [
  { key: `u:${username.trim().toLowerCase()}`, max: MAX_PER_USERNAME },
  ...(clientKey ? [{ key: `a:${clientKey}`.slice(0, 200), max: MAX_PER_ADDRESS }] : []),
]

/** Seconds to wait before another attempt is allowed, or 0 when the attempt may go ahead. */
export async function retryAfterSeconds(username: string, clientKey: string | null, now = Date.now()): Promise<number> {
  const since = new Date(now - WINDOW_MS)
  const waits = await Promise.all(
    keysFor(username, clientKey).map(async ({ key, max }) => {
      // The newest `max` failures: when there are that many, the oldest of them decides when one more may come.
      const recent = await prisma.loginFailure.findMany({
        where: { key, created_at: { gt: since } },
        orderBy: { created_at: 'desc' },
        take: max,
        select: { created_at: true },
      })
      return secondsUntilRoom(recent, max, WINDOW_MS, now)
    }),
  )
  return Math.max(0, ...waits)
}

/** An attempt under way: the failures counted for it, until it gives them back. */
export type Attempt = { failureIds: number[] }

/**
 * Begins an attempt: in one serialised step, the seconds to wait while the username or the client has its failures
 * full (nothing counted), else the attempt, counted as a failure of both. A client already throttled is refused
 * before the lock is asked for.
 */
export async function beginAttempt(
  username: string,
  clientKey: string | null,
  now = Date.now(),
): Promise<{ retryAfter: number; attempt: null } | { retryAfter: 0; attempt: Attempt }> {
  const quick = await retryAfterSeconds(username, clientKey, now)
  if (quick > 0) return { retryAfter: quick, attempt: null }
  return serializeWrite(async () => {
    const retryAfter = await retryAfterSeconds(username, clientKey, now)
    if (retryAfter > 0) return { retryAfter, attempt: null }
    const failureIds: number[] = []
    for (const { key } of keysFor(username, clientKey)) {
      const row = await prisma.loginFailure.create({ data: { key, created_at: new Date(now) }, select: { id: true } })
      failureIds.push(row.id)
    }
    await prune(now, () => prisma.loginFailure.deleteMany({ where: { created_at: { lt: new Date(now - WINDOW_MS) } } }))
    return { retryAfter: 0 as const, attempt: { failureIds } }
  })
}

/** The attempt was no failure (a right password, a right code, a body refused with 422): its failures go back. */
export async function giveBack(attempt: Attempt) {
  if (!attempt.failureIds.length) return
  await serializeWrite(() => prisma.loginFailure.deleteMany({ where: { id: { in: attempt.failureIds } } }))
}

/** A successful login clears the username's failures (not the client's). */
export async function recordSuccess(username: string) {
  const [{ key }] = keysFor(username, null)
  await serializeWrite(() => prisma.loginFailure.deleteMany({ where: { key } }))
}
