import pg from 'pg'
import { extensionSchema, searchPath, withPostgres } from '#core/postgres-migrations.mjs'
import { getEnv } from './config.server'

/**
 * Many villages in one install on PostgreSQL (decision 055): what every village's schema shares in this process.
 * - One pool of DATABASE_POOL connections for every village's queries (`schemaPool`), so the connections a process
 *   holds are bounded by that setting, whatever the number of villages or of VILLAGE_HANDLES.
 * - The schema of the extensions (pg_trgm), second on every village connection's `search_path`: looked up (made if
 *   missing) once per process.
 * - One small pool for the data versions of every open village (a query names its schema).
 */
let extensions: Promise<string> | undefined

export function extensionsSchema(): Promise<string> {
  extensions ??= withPostgres(getEnv().DATABASE_URL, extensionSchema).catch((error) => {
    extensions = undefined
    throw error
  })
  return extensions
}

let shared: pg.Pool | undefined

/** The pool the villages' data versions are read on (two connections at most, closed when idle). */
export function versionPool(): pg.Pool {
  if (!shared) {
    shared = new pg.Pool({ connectionString: getEnv().DATABASE_URL, max: 2, idleTimeoutMillis: 30_000 })
    shared.on('error', () => undefined)
  }
  return shared
}

let villagesPool: pg.Pool | undefined
/** The `search_path` each connection of the villages' pool was last given. */
const pathOf = new WeakMap<pg.PoolClient, string>()

/** A connection of the villages' pool whose `search_path` is `path` (set only when it was another village's). */
async function checkout(path: string): Promise<pg.PoolClient> {
  if (!villagesPool) {
    villagesPool = new pg.Pool({ connectionString: getEnv().DATABASE_URL, max: getEnv().DATABASE_POOL })
    villagesPool.on('error', () => undefined)
  }
  const client = await villagesPool.connect()
  if (pathOf.get(client) !== path) {
    try {
      // Outside any transaction (Prisma begins its own after the checkout), so no rollback can undo it.
      await client.query(`SET search_path TO ${path}`)
    } catch (error) {
      client.release(error as Error)
      throw error
    }
    pathOf.set(client, path)
  }
  return client
}

/**
 * What a village's Prisma client takes as its pool (@prisma/adapter-pg asks for a `pg.Pool`): every checkout a
 * connection of the villages' shared pool with the village's schema first on its `search_path`, then the extensions'.
 * Prisma's own queries name the schema besides (it is told it); the raw queries' unqualified names find it by the
 * path. Closing it closes nothing: the shared pool stays for the other villages.
 */
export async function schemaPool(schema: string): Promise<pg.Pool> {
  const path = searchPath(schema, await extensionsSchema())
  const pool = Object.create(pg.Pool.prototype) as pg.Pool
  const query = async (...args: unknown[]) => {
    const client = await checkout(path)
    try {
      return await (client.query as (...given: unknown[]) => Promise<unknown>)(...args)
    } finally {
      client.release()
    }
  }
  return Object.assign(pool, {
    options: {},
    connect: () => checkout(path),
    query,
    on: () => pool,
    removeListener: () => pool,
    end: async () => undefined,
  })
}
