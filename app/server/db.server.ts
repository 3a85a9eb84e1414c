import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaClient } from '~/generated/prisma/client'
import { getEnv } from './env.server'

declare global {
  // Survives module reloads in development so we never open the database twice.
  var __balaiDb: { prisma: PrismaClient; ready: Promise<void> } | undefined
  var __balaiDataVersion: { value: number } | undefined
}

function connect() {
  const env = getEnv()
  // One better-sqlite3 connection; `timeout` is SQLite's busy_timeout for other processes (backup, restore).
  const adapter = new PrismaBetterSQLite3({ url: `file:${env.DATABASE_FILE}`, timeout: 10_000 })
  const prisma = new PrismaClient({ adapter })
  // See docs/decisions/004-sqlite-durability.md for why these settings.
  const ready = (async () => {
    await prisma.$queryRawUnsafe('PRAGMA journal_mode = WAL')
    await prisma.$queryRawUnsafe('PRAGMA synchronous = FULL')
    await prisma.$queryRawUnsafe('PRAGMA foreign_keys = ON')
    await prisma.$queryRawUnsafe('PRAGMA busy_timeout = 10000')
  })()
  return { prisma, ready }
}

global.__balaiDb ??= connect()

export const prisma = global.__balaiDb.prisma
export const dbReady = global.__balaiDb.ready

let writeQueue: Promise<unknown> = Promise.resolve()

/**
 * Runs database writes one at a time. Prisma shares a single SQLite connection between requests; a write
 * that ran while another request's interactive transaction was open would join (and could be rolled back
 * with) that transaction, so every write, and every transaction, goes through this queue.
 */
export function serializeWrite<T>(work: () => Promise<T>): Promise<T> {
  const run = writeQueue.then(work, work)
  // Public caches and ETags key on the data version: any write, even a failed one, makes them stale.
  const settled = run.finally(bumpDataVersion)
  writeQueue = settled.catch(() => undefined)
  return settled
}

/**
 * A write that changes nothing a cache or the session memo holds (an activity entry, a session's last use, a new
 * login's session row): queued like every write, but the data version stays, so public caches are kept.
 */
export function serializeQuietWrite<T>(work: () => Promise<T>): Promise<T> {
  const run = writeQueue.then(work, work)
  writeQueue = run.catch(() => undefined)
  return run
}

// On the global object so the HTTP layer (server/response-cache.mjs) reads the same number.
global.__balaiDataVersion ??= { value: 1 }

/** A number that changes after every write through serializeWrite (see app/server/public-cache.server.ts). */
export const dataVersion = () => global.__balaiDataVersion!.value

function bumpDataVersion() {
  global.__balaiDataVersion!.value++
}
