import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaPg } from '@prisma/adapter-pg'
import { PrismaClient } from '~/generated/prisma/client'
import { PrismaClient as PostgresPrismaClient } from '~/generated/prisma-pg/client'
import { withoutNul } from './dialect.server'
import { getEnv } from './config.server'

export { serializeWrite } from './write-lock.server'
export { dataVersion } from './data-version.server'

declare global {
  // Survives module reloads in development so we never open the database twice.
  var __balaiDb: { prisma: PrismaClient; ready: Promise<void> } | undefined
}

/**
 * The database of DATABASE_URL: SQLite through better-sqlite3 (a `file:` address, the default) or PostgreSQL
 * through pg (docs/decisions/009-postgresql-through-adapter-pg.md). Both clients are generated from the one
 * schema (scripts/db-schema.mjs), so the code sees one type; where the dialects differ, see dialect.server.ts.
 */
function connect() {
  const env = getEnv()
  if (env.DATABASE_PROVIDER === 'postgresql') {
    const adapter = new PrismaPg({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL })
    const prisma = new PostgresPrismaClient({ adapter }).$extends({
      query: { $allModels: { $allOperations: ({ args, query }) => query(withoutNul(args)) } },
    }) as unknown as PrismaClient
    return { prisma, ready: prisma.$queryRawUnsafe('SELECT 1').then(() => undefined) }
  }
  // One better-sqlite3 connection; `timeout` is SQLite's busy_timeout for other processes (workers, backup).
  const adapter = new PrismaBetterSQLite3({ url: `file:${env.DATABASE_FILE}`, timeout: 10_000 })
  const prisma = new PrismaClient({ adapter })
  // See docs/decisions/004-sqlite-durability-and-concurrency.md for why these settings.
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
