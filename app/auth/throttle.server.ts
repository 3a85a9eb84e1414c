import { prisma, serializeWrite } from '~/utils/db.server'

/**
 * Login throttling: after 5 failed attempts for one username, or 20 from one address, within 15 minutes,
 * further attempts are refused with 429 until the oldest failure leaves the window. The failures are rows of
 * `login_failures`, so every worker and every instance counts the same attempts (a restart forgets nothing).
 * That table has no data-version trigger: failed logins never empty the public caches.
 */
export const WINDOW_MS = 15 * 60 * 1000
export const MAX_PER_USERNAME = 5
export const MAX_PER_ADDRESS = 20
/** Expired rows are deleted at most this often (by whichever process records a failure). */
const PRUNE_EVERY_MS = 60 * 1000
let lastPruned = 0

const keysFor = (username: string, address: string | null) => [
  { key: `u:${username.trim().toLowerCase()}`, max: MAX_PER_USERNAME },
  ...(address ? [{ key: `a:${address}`.slice(0, 200), max: MAX_PER_ADDRESS }] : []),
]

/** Seconds to wait before another attempt is allowed, or 0 when the attempt may go ahead. */
export async function retryAfterSeconds(username: string, address: string | null, now = Date.now()): Promise<number> {
  const since = new Date(now - WINDOW_MS)
  const waits = await Promise.all(
    keysFor(username, address).map(async ({ key, max }) => {
      // The newest `max` failures: when there are that many, the oldest of them decides when one more may come.
      const recent = await prisma.loginFailure.findMany({
        where: { key, created_at: { gt: since } },
        orderBy: { created_at: 'desc' },
        take: max,
        select: { created_at: true },
      })
      return recent.length >= max ? Math.ceil((recent[max - 1].created_at.getTime() + WINDOW_MS - now) / 1000) : 0
    }),
  )
  return Math.max(0, ...waits)
}

export async function recordFailure(username: string, address: string | null, now = Date.now()) {
  const at = new Date(now)
  await serializeWrite(async () => {
    await prisma.loginFailure.createMany({
      data: keysFor(username, address).map(({ key }) => ({ key, created_at: at })),
    })
    if (now - lastPruned > PRUNE_EVERY_MS) {
      lastPruned = now
      await prisma.loginFailure.deleteMany({ where: { created_at: { lt: new Date(now - WINDOW_MS) } } })
    }
  })
}

/** A successful login clears the username's failures (not the address's). */
export async function recordSuccess(username: string) {
  const [{ key }] = keysFor(username, null)
  await serializeWrite(() => prisma.loginFailure.deleteMany({ where: { key } }))
}

/** The client address the server put on the request (see server.mjs); null when unknown. */
export function clientAddress(request: Request | undefined): string | null {
  return request?.headers.get('x-balai-client-ip') || null
}
