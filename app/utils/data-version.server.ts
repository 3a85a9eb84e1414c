import Database from 'better-sqlite3'
import pg from 'pg'
import { getEnv } from './config.server'
import { perVillage } from './village-scope.server'
import { versionPool } from './postgres-schemas.server'
import { keepListening } from './postgres-listen.server'
import { villageReadConnection } from './read-connection.server'
import { quoteSchema } from '#core/postgres-migrations.mjs'

/**
 * The data version: one number that changes whenever data a visitor or a session could see has changed, in this
 * process or any other worker or instance. Every cache keys on it: the response cache (server/response-cache.mjs,
 * handed `publicDataVersion` by the build's exports), the read memo and the search copy (app/public-reads) through
 * `dataVersion()`, the session memo (auth/session.server.ts) through `freshDataVersion()`.
 * See docs/decisions/010-one-data-version-for-workers-and-instances.md.
 *
 * Its source is the `data_version` row, which triggers bump in the same transaction as every write to the site's
 * tables (the migrations): a writer anywhere, even a script or psql, cannot forget it, and no reader can see the
 * new version before the data it stands for.
 * - SQLite: the row is read on a connection of its own at every call. better-sqlite3 is synchronous and the row is
 *   one page in WAL's shared memory, so a read costs about a microsecond and sees every commit of every worker at
 *   once.
 * - PostgreSQL: the number is kept in memory. The trigger's NOTIFY tells every instance at commit (LISTEN on a
 *   connection of its own) and a poll every second covers a listener that lost its connection, so other instances'
 *   caches follow within a second; this process's own writes are read back before serializeWrite returns, and
 *   `freshDataVersion()` asks the database, so no session memo can outlive a revocation committed anywhere.
 */
type Source = { current(): number; fresh(): Promise<number>; close(): Promise<void> }

const VERSION_SQL = 'SELECT "value" FROM "data_version" WHERE "id" = 1'
/** How often PostgreSQL instances read the row even without a notification. */
const POLL_MS = 1000

/**
 * SQLite: the row read on `connection` (its own for one village; with REGENCY_HOST the village's read connection,
 * which closes with the village's scope).
 */
function sqliteSource(connection: () => Database.Database, own: boolean): Source {
  let db: Database.Database | undefined
  let read: Database.Statement | undefined
  const current = () => {
    if (!db) {
      db = connection()
      read = db.prepare(VERSION_SQL).pluck()
    }
    return Number(read!.get() ?? 0)
  }
  return {
    current,
    fresh: async () => current(),
    close: async () => void (own && db?.close()),
  }
}

const openFile = (file: string) => () => new Database(file, { fileMustExist: true, timeout: 10_000 })

function postgresSource(url: string): Source {
  const pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 30_000 })
  pool.on('error', () => undefined)
  let known = 0
  const seen = (value: number) => {
    if (Number.isFinite(value) && value > known) known = value
    return known
  }
  const read = async () => seen(Number((await pool.query(VERSION_SQL)).rows[0]?.value ?? 0))
  // `{schema}:{value}` (the trigger names the written table's schema; an older one sent the value alone). Once
  // listening: what was committed while nobody listened.
  const listener = keepListening(url, 'data_version', (payload) => seen(Number(payload.split(':').pop())), read)
  const poll = setInterval(() => void read().catch(() => undefined), POLL_MS)
  poll.unref()
  return {
    current: () => known,
    fresh: read,
    close: async () => {
      clearInterval(poll)
      await listener.close()
      await pool.end().catch(() => undefined)
    },
  }
}

/**
 * A village's schema on PostgreSQL (REGENCY_HOST, decision 055): the row is read on the villages' shared pool when
 * first asked, and a notification (one LISTEN per process for every village; its payload names the schema) sets it
 * at the commit of any process's write, as the one village's source does. A reading older than POLL_MS is renewed in
 * the background when asked (a listener that lost its connection). Until its first reading, the village's answers
 * are not cached.
 */
function schemaSource(schema: string): Source {
  const sql = `SELECT "value" FROM ${quoteSchema(schema)}."data_version" WHERE "id" = 1`
  let known: number | undefined
  let readAt = 0
  let reading: Promise<number> | undefined
  const seen = (value: number) => {
    if (Number.isFinite(value) && (known === undefined || value > known)) known = value
  }
  const read = () =>
    (reading ??= versionPool()
      .query(sql)
      .then((result) => {
        seen(Number(result.rows[0]?.value ?? 0))
        readAt = Date.now()
        return known!
      })
      .finally(() => {
        reading = undefined
      }))
  const source: Source = {
    current: () => {
      if (known === undefined || Date.now() - readAt > POLL_MS) void read().catch(() => undefined)
      if (known === undefined) throw new Error(`the data version of ${schema} is not read yet`)
      return known
    },
    fresh: read,
    close: async () => {
      if (schemaSources.get(schema) === seen) schemaSources.delete(schema)
    },
  }
  schemaSources.set(schema, seen)
  listenToSchemas()
  return source
}

/** The open villages' sources by schema, told what a notification says. */
const schemaSources = new Map<string, (value: number) => void>()
let listeningToSchemas = false

/**
 * The one LISTEN of this process for every village's schema (never closed). A village whose notification was missed
 * while it reconnected reads its row again once its reading is older than POLL_MS.
 */
function listenToSchemas() {
  if (listeningToSchemas) return
  listeningToSchemas = true
  keepListening(getEnv().DATABASE_URL, 'data_version', (payload) => {
    const at = payload.lastIndexOf(':')
    schemaSources.get(payload.slice(0, at))?.(Number(payload.slice(at + 1)))
  })
}

declare global {
  var __balaiVersionSource: Source | undefined
}

/** The current village's source (village-scope.server.ts); one village's survives module reloads in development. */
const source = perVillage(
  'the data version',
  (scope): Source => {
    if (scope)
      return scope.databaseSchema
        ? schemaSource(scope.databaseSchema)
        : sqliteSource(villageReadConnection().get, false)
    if (!global.__balaiVersionSource) {
      const env = getEnv()
      global.__balaiVersionSource =
        env.DATABASE_PROVIDER === 'postgresql'
          ? postgresSource(env.DATABASE_URL)
          : sqliteSource(openFile(env.DATABASE_FILE), true)
    }
    return global.__balaiVersionSource
  },
  (versions) => versions.close(),
)

/**
 * Parts of the version that change with time rather than with a write (for example a scheduled item's time
 * arriving: app/models/content/publishing.server.ts). Each is told the database's version (so it can re-read what it
 * depends on when that changes) and must only ever grow; the version is their sum with the database's, so it
 * changes whenever any part does.
 */
type TimePart = (database: number) => number
const timeParts: TimePart[] = []
export const addTimeVersionPart = (part: TimePart) => void timeParts.push(part)
const withTimeParts = (database: number) => timeParts.reduce((sum, part) => sum + part(database), database)

/** A number never handed out before: where the database cannot be read, nothing is answered from a cache. */
let unreadable = 0
const uncacheable = () => --unreadable

/**
 * The version read in this turn of the event loop. A page asks for it several times (the response cache, each
 * memoised read, the settings), and answers from one reading are consistent with each other. It is forgotten when
 * the turn ends, and at once after a write of this process (afterWrite) or a fresh reading.
 */
const turn = perVillage('the data version', (): { version: number | undefined } => ({ version: undefined }))
const forgetThisTurn = () => void (turn().version = undefined)

/** The version to key caches on now (sync and cheap: call it per request). */
export function dataVersion(): number {
  const thisTurn = turn()
  if (thisTurn.version !== undefined) return thisTurn.version
  let version: number
  try {
    version = withTimeParts(source().current())
  } catch {
    return uncacheable()
  }
  thisTurn.version = version
  setImmediate(() => void (thisTurn.version = undefined))
  return version
}

/** The version including every write committed anywhere before this call (one query on PostgreSQL). */
export async function freshDataVersion(): Promise<number> {
  forgetThisTurn()
  try {
    return withTimeParts(await source().fresh())
  } catch {
    return uncacheable()
  }
}

/** What else a write of this process must tell before it is answered (the regency's portal version: decision 081). */
const writeHooks: (() => Promise<void>)[] = []
export const onWrite = (hook: () => Promise<void>) => void writeHooks.push(hook)

/** After a write of this process: make sure this process's caches see it before the write is answered. */
export async function afterWrite(): Promise<void> {
  for (const hook of writeHooks) await hook().catch(() => undefined)
  forgetThisTurn()
  await source()
    .fresh()
    .catch(() => undefined)
  forgetThisTurn()
}

export const closeDataVersion = () => source().close()

/**
 * The version the response cache (server/response-cache.mjs) keys public answers by, handed to it through the build's
 * exports: undefined while the database cannot be read (then nothing is shared).
 */
export function publicDataVersion(): number | undefined {
  const version = dataVersion()
  return version < 0 ? undefined : publicParts.reduce((sum, part) => sum + part(), version)
}

/**
 * Parts of the response cache's version only (never of dataVersion, which the read memo and the villages' own
 * caches key on): the regency portal's answers follow every village's writes (decision 081). Each only grows.
 */
const publicParts: (() => number)[] = []
export const addPublicVersionPart = (part: () => number) => void publicParts.push(part)
