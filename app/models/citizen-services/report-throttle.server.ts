import crypto from 'node:crypto'
import { prisma, serializeWrite } from '~/utils/db.server'
import { getEnv } from '~/utils/config.server'
import { HttpError } from '~/utils/http.server'
import { prunedEvery, secondsUntilRoom } from '~/utils/throttle-window.server'

/**
 * The reports' throttle (docs/api.md "Citizen reports"; decisions 048 and 060), per client (the key of
 * utils/client-key.server.ts: an IPv4 address, an IPv6 /64), across every worker and instance: at most 5 filings an
 * hour (a filing answered 201 counts, a honeypot's too; a refused one does not), and at most 20 failed tracking
 * lookups in 15 minutes (a wrong code or an unknown ticket), so that a code cannot be guessed. The count is read and
 * the attempt decided and counted in one step under the write lock, so a burst of parallel requests stops at the
 * limit exactly. The rows hold a keyed hash of the client's key, never the address, and go after the window.
 */
export const FILING_WINDOW_MS = 60 * 60 * 1000
export const MAX_FILINGS = 5
export const LOOKUP_WINDOW_MS = 15 * 60 * 1000
export const MAX_LOOKUP_FAILURES = 20
const PRUNE_EVERY_MS = 60 * 1000
const prune = prunedEvery("the reports' throttle's last prune", PRUNE_EVERY_MS)

/** The client's key as the throttle keeps it: an HMAC under the server's secret (no rainbow table of IPv4 reverses it). */
const hashed = (clientKey: string) =>
  crypto.createHmac('sha256', getEnv().JWT_SECRET).update(clientKey).digest('base64url').slice(0, 32)

/** What a throttle counts filings of: citizens' reports (`f:`) or letter requests (`s:`, counted apart: docs/api.md). */
export type Filings = 'reports' | 'letter requests'
const filingKey = (clientKey: string, what: Filings = 'reports') =>
  `${what === 'reports' ? 'f' : 's'}:${hashed(clientKey)}`
const lookupKey = (clientKey: string) => `l:${hashed(clientKey)}`

const tooMany = (seconds: number, what: string) =>
  new HttpError(429, `Too many ${what} from this address; try again later`, null, { 'Retry-After': String(seconds) })

/** Seconds before one more may come while `max` rows of `key` lie in the window (0: now). */
async function secondsToWait(key: string, max: number, windowMs: number, now: number): Promise<number> {
  const recent = await prisma.reportThrottle.findMany({
    where: { key, created_at: { gt: new Date(now - windowMs) } },
    orderBy: { created_at: 'desc' },
    take: max,
    select: { created_at: true },
  })
  return secondsUntilRoom(recent, max, windowMs, now)
}

/** Counts one row of `key`; the caller holds the write lock. */
async function count(key: string, now: number) {
  await prisma.reportThrottle.create({ data: { key, created_at: new Date(now) } })
  await prune(now, () =>
    prisma.reportThrottle.deleteMany({
      where: { created_at: { lt: new Date(now - Math.max(FILING_WINDOW_MS, LOOKUP_WINDOW_MS)) } },
    }),
  )
}

/**
 * A filing that has passed every check, decided and counted in the one serialised step that writes it (its caller
 * holds the write lock): a 429 when 5 filings of the client lie in the hour; else `write` runs (the report is stored)
 * and the filing is counted. When `write` throws, nothing is counted: only a filing answered 201 counts.
 */
export async function countedFiling<T>(
  clientKey: string,
  write: () => Promise<T>,
  now = Date.now(),
  what: Filings = 'reports',
): Promise<T> {
  const key = filingKey(clientKey, what)
  const seconds = await secondsToWait(key, MAX_FILINGS, FILING_WINDOW_MS, now)
  if (seconds > 0) throw tooMany(seconds, what)
  const result = await write()
  await count(key, now)
  return result
}

/**
 * The 429 of a client whose filings are full, read without the lock (the answer before the body is read); null while
 * it may file. The deciding count is `countedFiling`'s.
 */
export async function filingRefusal(
  clientKey: string,
  now = Date.now(),
  what: Filings = 'reports',
): Promise<HttpError | null> {
  const seconds = await secondsToWait(filingKey(clientKey, what), MAX_FILINGS, FILING_WINDOW_MS, now)
  return seconds > 0 ? tooMany(seconds, what) : null
}

/**
 * A tracking lookup, counted: a 429 while the client has 20 failures in 15 minutes; else `lookUp` runs, and its 404
 * (a wrong code, an unknown ticket) is counted as a failure in the same serialised step, so a burst of guesses stops
 * at 20. A client already throttled is refused before the lock is asked for (a flood of guesses does not queue
 * every writer of the site behind it).
 */
export async function countedLookup<T>(clientKey: string, lookUp: () => Promise<T>, now = Date.now()): Promise<T> {
  const key = lookupKey(clientKey)
  await refuseFullLookups(clientKey, now)
  return serializeWrite(async () => {
    await refuseFullLookups(clientKey, now)
    try {
      return await lookUp()
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) await count(key, now)
      throw error
    }
  })
}

/**
 * A lookup that reads only (a letter's verification: docs/api.md "Verification lookups share the lookup throttle"),
 * counted as `countedLookup` counts but without holding the write lock while it reads: a client already throttled is
 * refused first; a found answer needs no lock (verification pages are read by many at once); a 404 is counted in the
 * serialised step, which answers 429 instead when the client's failures filled the window meanwhile, so a burst of
 * guesses still gets at most 20 answers.
 */
export async function countedReadLookup<T>(clientKey: string, lookUp: () => Promise<T>, now = Date.now()): Promise<T> {
  const key = lookupKey(clientKey)
  await refuseFullLookups(clientKey, now)
  try {
    return await lookUp()
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 404)) throw error
    await serializeWrite(async () => {
      await refuseFullLookups(clientKey, now)
      await count(key, now)
    })
    throw error
  }
}

/** Throws the 429 of `lookupRefusal`, if the client has one. */
async function refuseFullLookups(clientKey: string, now: number) {
  const refusal = await lookupRefusal(clientKey, now)
  if (refusal) throw refusal
}

/** The 429 of a client whose failed lookups fill the window, read without the lock (before a body is read). */
export async function lookupRefusal(clientKey: string, now = Date.now()): Promise<HttpError | null> {
  const seconds = await secondsToWait(lookupKey(clientKey), MAX_LOOKUP_FAILURES, LOOKUP_WINDOW_MS, now)
  return seconds > 0 ? tooMany(seconds, 'lookups') : null
}
