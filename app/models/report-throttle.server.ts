import crypto from 'node:crypto'
import { prisma, serializeWrite } from '~/utils/db.server'
import { getEnv } from '~/utils/config.server'

/**
 * The reports' throttle (docs/api.md "Citizen reports"; decision 048), per client address, across every worker and
 * instance: at most 5 filings an hour (a filing answered 201 counts, a honeypot's too; a refused one does not), and
 * at most 20 failed tracking lookups in 15 minutes (a wrong code or an unknown ticket), so that a code cannot be
 * guessed. The rows hold a keyed hash of the address, never the address, and go after the window.
 */
export const FILING_WINDOW_MS = 60 * 60 * 1000
export const MAX_FILINGS = 5
export const LOOKUP_WINDOW_MS = 15 * 60 * 1000
export const MAX_LOOKUP_FAILURES = 20
const PRUNE_EVERY_MS = 60 * 1000
let lastPruned = 0

/** The address as the throttle keeps it: an HMAC under the server's secret (no rainbow table of IPv4 reverses it). */
const hashed = (address: string) =>
  crypto.createHmac('sha256', getEnv().JWT_SECRET).update(address).digest('base64url').slice(0, 32)

const keyOf = (what: 'f' | 'l', address: string | null) => `${what}:${hashed(address ?? 'unknown')}`

async function retryAfter(key: string, max: number, windowMs: number, now: number): Promise<number> {
  const recent = await prisma.reportThrottle.findMany({
    where: { key, created_at: { gt: new Date(now - windowMs) } },
    orderBy: { created_at: 'desc' },
    take: max,
    select: { created_at: true },
  })
  return recent.length >= max
    ? Math.max(1, Math.ceil((recent[max - 1].created_at.getTime() + windowMs - now) / 1000))
    : 0
}

async function record(key: string, now: number) {
  await serializeWrite(async () => {
    await prisma.reportThrottle.create({ data: { key, created_at: new Date(now) } })
    if (now - lastPruned > PRUNE_EVERY_MS) {
      lastPruned = now
      await prisma.reportThrottle.deleteMany({
        where: { created_at: { lt: new Date(now - Math.max(FILING_WINDOW_MS, LOOKUP_WINDOW_MS)) } },
      })
    }
  })
}

/** Seconds before `address` may file again (0: now). */
export const filingRetryAfter = (address: string | null, now = Date.now()) =>
  retryAfter(keyOf('f', address), MAX_FILINGS, FILING_WINDOW_MS, now)

export const recordFiling = (address: string | null, now = Date.now()) => record(keyOf('f', address), now)

/** Seconds before `address` may look a ticket up again after too many failures (0: now). */
export const lookupRetryAfter = (address: string | null, now = Date.now()) =>
  retryAfter(keyOf('l', address), MAX_LOOKUP_FAILURES, LOOKUP_WINDOW_MS, now)

export const recordLookupFailure = (address: string | null, now = Date.now()) => record(keyOf('l', address), now)
