import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { migrateSqliteFile, migrationsIn } from '#core/sqlite-migrations.mjs'
import { migratePostgres, POSTGRES_MIGRATIONS, quoteSchema, withPostgres } from '#core/postgres-migrations.mjs'
import {
  MIGRATION_LOCK,
  POSTGRES_REGISTRY,
  REGISTRY_CHANNEL,
  SQLITE_REGISTRY,
  upgradeSqliteRegistry,
} from '#core/registry.mjs'
import { getEnv } from '~/utils/config.server'
import { nowMs } from '~/utils/clock.server'
import { keepListening } from '~/utils/postgres-listen.server'
import { dataVersion } from '~/utils/db.server'
import { addPublicVersionPart, addTimeVersionPart, onWrite } from '~/utils/data-version.server'
import { log } from '~/utils/error-log.server'
import { setLogContext } from '#core/log.mjs'
import { closeScope, currentScope, inScope, newScope, type VillageScope } from '~/utils/village-scope.server'
import { storageUnder } from '~/utils/upload-pipeline.server'

/**
 * Many villages in one install (docs/api.md "Many villages in one install"; decision 055). With REGENCY_HOST:
 * - the registry (DATA_DIR/villages.db): each village's id, slug, name, status and extra domains, read by the HTTP
 *   front on every request to choose the village (synchronously: one version read, a map kept per version);
 * - each village's own database, DATA_DIR/villages/{id}.db, and uploads, UPLOADS_DIR/villages/{id}/ (named by id, so
 *   a deleted village's slug can be used again at once and never meets the old village's files);
 * - the regency's own database, DATA_DIR/regency.db (its accounts, sessions, two-factor data, log, announcements).
 * The open databases are kept in a least-recently-used list of VILLAGE_HANDLES; one in use is never closed.
 */

export type VillageStatus = 'active' | 'suspended'
export type Village = {
  id: string
  slug: string
  name: string
  status: VillageStatus
  created_at: string
  domains: string[]
  /** The Kemendagri code `NN.NN.NN.NNNN`, or null until set. */
  kode_wilayah: string | null
  /** The kecamatan's name ('' until set). */
  kecamatan: string
}

export const REGENCY = 'regency'
/** Slugs a village may not have: they name the regency's own hosts and doors. */
export const RESERVED_SLUGS = new Set(['www', 'api', 'admin'])

export const regencyMode = () => getEnv().REGENCY_HOST !== ''

// Every line logged while serving a village (or the regency) names it.
if (regencyMode()) setLogContext(() => (currentScope() ? { village: currentScope()!.slug } : undefined))

/** Whether the caller serves the regency's host: its portal, console and API. */
export const atRegency = () => currentScope()?.id === REGENCY

/** Whether the caller serves a village (not the regency, not outside any scope). */
const inAVillage = () => {
  const scope = currentScope()
  return scope !== undefined && scope.id !== REGENCY
}

// What a village shows of the regency's data (its announcements) changes with the regency's database: the village's
// data version includes the regency's, so every cache keyed on it drops the answer at the regency's next write. Both
// only grow, so their sum changes whenever either does.
if (regencyMode())
  addTimeVersionPart(() => {
    if (!inAVillage()) return 0
    const version = inScope(regencyScope(), dataVersion)
    return version > 0 ? version : 0
  })

/**
 * The regency portal (`/`, `/berita`, its posts API, `/data`) shows every village's data: its cached answers key on
 * the registry's version (a village made, renamed, suspended), `villages_content`, which every write in a village's
 * scope bumps (decision 081), and the minute, for what a
 * village shows when a scheduled time arrives rather than at a write.
 */
if (regencyMode()) {
  onWrite(async () => {
    if (inAVillage()) await openRegistry().bumpContent(currentScope()!.id)
  })
  addPublicVersionPart(() => (atRegency() ? villagesVersion() : 0))
}

/**
 * A number that moves whenever any village's data may have changed: the registry's version, `villages_content` and
 * the minute (decision 081). The regency's own memos of every village's data (figures, open data) key on it.
 */
export function villagesVersion(): number {
  const registry = openRegistry()
  // The publishing clock's minute (a test server's may be moved: decision 026), as the villages' scheduled items see it.
  return registry.version() + registry.content() + Math.floor(nowMs() / 60_000)
}

/** `read` in the regency's database, for a village showing the regency's data; undefined outside regency hosting. */
export function fromRegency<T>(read: () => Promise<T>): Promise<T> | undefined {
  return inAVillage() ? inVillage(regencyScope(), read) : undefined
}

const villagesDir = () => path.join(getEnv().DATA_DIR, 'villages')
export const villageFile = (id: string) => path.join(villagesDir(), `${id}.db`)
export const regencyFile = () => path.join(getEnv().DATA_DIR, 'regency.db')
/** On PostgreSQL (decision 055): a village's schema of DATABASE_URL, and the regency's. */
export const villageSchema = (id: string) => (id === REGENCY ? REGENCY : `village_${id}`)
const onPostgres = () => getEnv().DATABASE_PROVIDER === 'postgresql'
/** A village's uploads: its folder of UPLOADS_DIR, or its prefix (`villages/{id}/`) in the S3 bucket(s). */
export const villageStoragePrefix = (id: string) => `villages/${id}`

/** A change to the registry: statements with `?` placeholders, run in one transaction. */
export type RegistryStatement = [sql: string, params: unknown[]]

type Registry = {
  /** The registry's version as this process knows it (read at each call on SQLite). */
  version: () => number
  /** The number every write to any village's data bumps (villages_content; decision 081). */
  content: () => number
  /** Bumps it and the village's own count of writes (village_summaries): after a write in the village's scope. */
  bumpContent: (village: string) => Promise<void>
  /** Every village's row of village_summaries (decision 082), or one village's. */
  summaries: (village?: string) => Promise<VillageSummary[]>
  /** Keeps villages' figures, each unless a newer stamp is kept already. */
  keepFigures: (kept: KeptFigures[]) => Promise<void>
  all: () => Village[]
  change: (statements: RegistryStatement[]) => Promise<void>
}

let registry: Registry | undefined

const openRegistry = (): Registry => (registry ??= onPostgres() ? postgresRegistry() : sqliteRegistry())

/** SQLite: DATA_DIR/villages.db, read by the front at every request (one prepared statement, about a microsecond). */
function sqliteRegistry(): Registry {
  const file = path.join(getEnv().DATA_DIR, 'villages.db')
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const db = new Database(file, { timeout: 10_000 })
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  db.pragma('secure_delete = ON') // as every connection that writes (decision 061)
  db.exec(SQLITE_REGISTRY)
  upgradeSqliteRegistry(db)
  const version = db.prepare('SELECT "value" FROM "registry_version" WHERE "id" = 1').pluck()
  const content = db.prepare('SELECT "value" FROM "villages_content" WHERE "id" = 1').pluck()
  const bump = db.prepare(BUMP_CONTENT)
  const bumpVillage = db.prepare(BUMP_VILLAGE)
  const bumpBoth = db.transaction((village: string) => {
    bumpVillage.run(village)
    bump.run()
  })
  const summaries = db.prepare(SUMMARIES)
  const summary = db.prepare(`${SUMMARIES} WHERE "village_id" = ?`)
  const keep = db.prepare(KEEP_FIGURES)
  const keepAll = db.transaction((kept: KeptFigures[]) => {
    for (const row of kept) keep.run(row.village, row.stamp, row.until, row.figures)
  })
  const villages = db.prepare(`SELECT ${VILLAGE_COLUMNS} FROM "villages" ORDER BY "name", "slug"`)
  const domains = db.prepare('SELECT "host", "village_id" FROM "village_domains" ORDER BY "host"')
  return {
    version: () => Number(version.get()),
    content: () => Number(content.get()),
    bumpContent: async (village) => void bumpBoth(village),
    summaries: async (village) =>
      ((village === undefined ? summaries.all() : summary.all(village)) as VillageSummary[]).map(summaryOf),
    keepFigures: async (kept) => void keepAll(kept),
    all: () => withDomains(villages.all() as Omit<Village, 'domains'>[], domains.all() as DomainRow[]),
    change: async (statements) =>
      db.transaction(() => {
        for (const [sql, params] of statements) db.prepare(sql).run(...params)
        db.prepare(BUMP).run()
      })(),
  }
}

type DomainRow = { host: string; village_id: string }
const BUMP = 'UPDATE "registry_version" SET "value" = "value" + 1 WHERE "id" = 1'
const BUMP_CONTENT = 'UPDATE "villages_content" SET "value" = "value" + 1 WHERE "id" = 1'
const BUMP_VILLAGE =
  'INSERT INTO "village_summaries" ("village_id", "writes") VALUES (?, 1) ' +
  'ON CONFLICT ("village_id") DO UPDATE SET "writes" = "village_summaries"."writes" + 1'
const SUMMARIES = 'SELECT "village_id", "writes", "figures_stamp", "figures_until", "figures" FROM "village_summaries"'
/** A village's figures kept, unless figures of a later stamp are kept already (another process's, meanwhile). */
const KEEP_FIGURES =
  'INSERT INTO "village_summaries" ("village_id", "writes", "figures_stamp", "figures_until", "figures") ' +
  'VALUES (?, 0, ?, ?, ?) ON CONFLICT ("village_id") DO UPDATE SET "figures_stamp" = "excluded"."figures_stamp", ' +
  '"figures_until" = "excluded"."figures_until", "figures" = "excluded"."figures" ' +
  'WHERE "village_summaries"."figures_stamp" IS NULL OR "village_summaries"."figures_stamp" <= "excluded"."figures_stamp"'
const inRegistrySchema = (sql: string) =>
  sql.replace(/"(villages_content|village_summaries)"(?= |$)/g, '"registry"."$1"')
const numbered = (sql: string) => {
  let at = 0
  return sql.replace(/\?/g, () => `$${++at}`)
}

/**
 * A village's row of village_summaries (decision 082): how many writes it has made through the write lock, and its
 * figures (the default year's raw figures, JSON) as computed when that count was `figures_stamp`, valid until
 * `figures_until` (ms; a scheduled publish time or a due date passing), if ever.
 */
export type VillageSummary = {
  village_id: string
  writes: number
  figures_stamp: number | null
  figures_until: number | null
  figures: string | null
}
export type KeptFigures = { village: string; stamp: number; until: number | null; figures: string }
const summaryOf = (row: Record<string, unknown>): VillageSummary => ({
  village_id: String(row.village_id),
  writes: Number(row.writes),
  figures_stamp: row.figures_stamp === null ? null : Number(row.figures_stamp),
  figures_until: row.figures_until === null ? null : Number(row.figures_until),
  figures: row.figures === null ? null : String(row.figures),
})
const VILLAGE_COLUMNS = '"id", "slug", "name", "status", "created_at", "kode_wilayah", "kecamatan"'

function withDomains(villages: Omit<Village, 'domains'>[], domains: DomainRow[]): Village[] {
  const hosts = new Map<string, string[]>()
  for (const row of domains) hosts.set(row.village_id, [...(hosts.get(row.village_id) ?? []), row.host])
  return villages.map((row) => ({ ...row, domains: hosts.get(row.id) ?? [] }))
}

/**
 * PostgreSQL: the registry in the schema `registry`, read into this process's memory (the front chooses a site
 * synchronously) when it starts, after each change of its own, at every other process's change (LISTEN; a change
 * notifies at its commit), every second besides (a listener that lost its connection), and before a host is
 * answered as unknown or suspended (`recheckSite`).
 */
function postgresRegistry(): Registry {
  const pool = new pg.Pool({ connectionString: getEnv().DATABASE_URL, max: 2, idleTimeoutMillis: 30_000 })
  pool.on('error', () => undefined)
  let known = { version: -1, villages: [] as Village[] }
  let content = 0
  const seenContent = (value: number) => void (Number.isFinite(value) && value > content && (content = value))
  const refresh = async () => {
    const [row] = (
      await pool.query(
        'SELECT (SELECT "value" FROM "registry"."registry_version" WHERE "id" = 1) AS "version", ' +
          '(SELECT "value" FROM "registry"."villages_content" WHERE "id" = 1) AS "content"',
      )
    ).rows
    seenContent(Number(row?.content ?? 0))
    const version = Number(row?.version ?? 0)
    if (version <= known.version) return
    const [villages, domains] = await Promise.all([
      pool.query(`SELECT ${VILLAGE_COLUMNS} FROM "registry"."villages" ORDER BY "name", "slug"`),
      pool.query('SELECT "host", "village_id" FROM "registry"."village_domains" ORDER BY "host"'),
    ])
    if (version > known.version) known = { version, villages: withDomains(villages.rows, domains.rows) }
  }
  // One reading at a time per process, and at most one more waiting, which every later caller joins: each caller's
  // reading starts after its call (so it sees what was committed before), and a flood of unknown hosts costs the
  // database one query at a time.
  let waiting: Promise<void> | undefined
  let last: Promise<void> = Promise.resolve()
  const refreshQuietly = () => {
    if (waiting) return waiting
    const next = last
      .then(() => {
        waiting = undefined
        return refresh()
      })
      .catch(() => undefined)
    waiting = next
    last = next
    return next
  }
  postgresRefresh = refreshQuietly
  keepListening(getEnv().DATABASE_URL, REGISTRY_CHANNEL, () => void refreshQuietly(), refreshQuietly)
  setInterval(() => void refreshQuietly(), 1000).unref()
  return {
    version: () => known.version,
    content: () => content,
    bumpContent: async (village) => {
      // One statement, so the village's count and the install's move together.
      const bumped = await pool.query(
        `WITH "village" AS (${numbered(inRegistrySchema(BUMP_VILLAGE))}) ` +
          `${inRegistrySchema(BUMP_CONTENT)} RETURNING "value"`,
        [village],
      )
      seenContent(Number(bumped.rows[0]?.value ?? 0))
      await pool.query(`NOTIFY "${REGISTRY_CHANNEL}"`)
    },
    summaries: async (village) =>
      (village === undefined
        ? await pool.query(inRegistrySchema(SUMMARIES))
        : await pool.query(`${inRegistrySchema(SUMMARIES)} WHERE "village_id" = $1`, [village])
      ).rows.map(summaryOf),
    keepFigures: async (kept) => {
      if (!kept.length) return
      const values = kept.map(
        (_, at) => `($${at * 4 + 1}, 0, $${at * 4 + 2}::BIGINT, $${at * 4 + 3}::BIGINT, $${at * 4 + 4})`,
      )
      await pool.query(
        inRegistrySchema(KEEP_FIGURES).replace('VALUES (?, 0, ?, ?, ?)', `VALUES ${values.join(', ')}`),
        kept.flatMap((row) => [row.village, row.stamp, row.until, row.figures]),
      )
    },
    all: () => known.villages,
    change: async (statements) => {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        await client.query('SET LOCAL search_path TO "registry"')
        for (const [sql, params] of statements) {
          let at = 0
          await client.query(
            sql.replace(/\?/g, () => `$${++at}`),
            params,
          )
        }
        await client.query(BUMP)
        await client.query(`NOTIFY "${REGISTRY_CHANNEL}"`)
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
      await refreshQuietly()
    },
  }
}

let postgresRefresh: (() => Promise<void>) | undefined

/** Reads the registry again now (PostgreSQL); on SQLite every request reads it anyway. */
export async function refreshRegistry() {
  openRegistry()
  await postgresRefresh?.()
}

/** Every village's count of writes and figures as last kept (village_summaries; decision 082). */
export const villageSummaries = (village?: string) => openRegistry().summaries(village)

/** Keeps villages' figures in the registry, each stamped with the count of writes it was computed at. */
export const keepVillageFigures = (kept: KeptFigures[]) => openRegistry().keepFigures(kept)

/** A change to the registry, in one transaction with the bump every process reads its next request by. */
export const changeRegistry = (statements: RegistryStatement[]) => openRegistry().change(statements)

/** Which unique rule a failed registry change broke: a village's slug or a domain. */
export function registryConflict(error: unknown): 'slug' | 'domain' | 'kode' | undefined {
  const { message = '', code, constraint } = (error ?? {}) as { message?: string; code?: string; constraint?: string }
  if (
    /UNIQUE constraint failed: villages\.slug/.test(message) ||
    (code === '23505' && constraint === 'villages_slug_key')
  )
    return 'slug'
  if (
    /UNIQUE constraint failed: village_domains\.host/.test(message) ||
    (code === '23505' && constraint === 'village_domains_pkey')
  )
    return 'domain'
  if (
    /UNIQUE constraint failed: villages\.kode_wilayah/.test(message) ||
    (code === '23505' && constraint === 'villages_kode_wilayah_key')
  )
    return 'kode'
  return undefined
}

type Hosts = {
  version: number
  bySlug: Map<string, Village>
  byDomain: Map<string, Village>
  byId: Map<string, Village>
}
let hosts: Hosts | undefined

/** The registry as of now: re-read when another request, worker or script changed it. */
function currentHosts(): Hosts {
  const registry = openRegistry()
  const version = registry.version()
  if (hosts?.version === version) return hosts
  const villages = registry.all()
  hosts = {
    version,
    bySlug: new Map(villages.map((village) => [village.slug, village])),
    byDomain: new Map(villages.flatMap((village) => village.domains.map((domain) => [domain, village] as const))),
    byId: new Map(villages.map((village) => [village.id, village])),
  }
  return hosts
}

export const allVillages = (): Village[] => [...currentHosts().byId.values()]
export const villageById = (id: string): Village | undefined => currentHosts().byId.get(id)

/** A Host header's name: lower case, without the port and a final dot. */
export function hostName(header: string | undefined): string {
  const value = (header ?? '').trim().toLowerCase()
  const name = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d*$/, '')
  return name.replace(/\.$/, '')
}

export type Site =
  | { kind: 'regency'; scope: VillageScope }
  | { kind: 'village'; scope: VillageScope; village: Village }
  | { kind: 'suspended'; village: Village }
  | { kind: 'unknown' }

/** Whose site a Host header names: the regency's, an active or suspended village's, or nobody's. */
export function siteOfHost(header: string | undefined): Site {
  const host = hostName(header)
  const regencyHost = getEnv().REGENCY_HOST
  if (host === regencyHost) return { kind: 'regency', scope: regencyScope() }
  const { bySlug, byDomain } = currentHosts()
  const suffix = `.${regencyHost}`
  const label = host.endsWith(suffix) ? host.slice(0, -suffix.length) : undefined
  const village = label !== undefined && !label.includes('.') ? bySlug.get(label) : byDomain.get(host)
  if (!village) return { kind: 'unknown' }
  if (village.status !== 'active') return { kind: 'suspended', village }
  return { kind: 'village', scope: scopeOf(village), village }
}

/**
 * On PostgreSQL, a host answered as unknown or suspended is looked up again after reading the registry anew (a
 * village made or resumed by another process a moment ago); undefined on SQLite, whose registry is always current.
 */
export function recheckSite(header: string | undefined): Promise<Site> | undefined {
  if (!onPostgres()) return undefined
  return refreshRegistry().then(() => siteOfHost(header))
}

type Held = VillageScope & { users: number }
const open = new Map<string, Held>()
let regency: Held | undefined

export function regencyScope(): Held {
  regency ??= Object.assign(
    newScope({
      id: REGENCY,
      slug: REGENCY,
      databaseFile: onPostgres() ? '' : regencyFile(),
      databaseSchema: onPostgres() ? villageSchema(REGENCY) : '',
      storagePrefix: REGENCY,
    }),
    { users: 0 },
  )
  return regency
}

/** The village's scope, opened if needed; the least recently used idle ones beyond VILLAGE_HANDLES are closed. */
export function scopeOf(village: Pick<Village, 'id' | 'slug'>): Held {
  let scope = open.get(village.id)
  if (scope) {
    open.delete(village.id)
    open.set(village.id, scope)
    return scope
  }
  scope = Object.assign(
    newScope({
      id: village.id,
      slug: village.slug,
      databaseFile: onPostgres() ? '' : villageFile(village.id),
      databaseSchema: onPostgres() ? villageSchema(village.id) : '',
      storagePrefix: villageStoragePrefix(village.id),
    }),
    { users: 0 },
  )
  open.set(village.id, scope)
  const most = getEnv().VILLAGE_HANDLES
  for (const [id, old] of open) {
    if (open.size <= most) break
    if (old.users > 0 || old === scope) continue
    open.delete(id)
    void closeScope(old)
  }
  return scope
}

/** Closes a village's databases now (before its files are removed or replaced). */
export async function forgetScope(id: string) {
  const scope = open.get(id)
  if (!scope) return
  open.delete(id)
  await closeScope(scope)
}

/**
 * Runs `work` in the village's scope, keeping it open meanwhile. Its databases open as `work` first reads them: the
 * public reader's connection at once, the Prisma client (whose opening costs more) only if `work` queries it.
 */
export async function inVillage<T>(scope: Held, work: () => Promise<T>): Promise<T> {
  scope.users += 1
  try {
    return await inScope(scope, work)
  } finally {
    scope.users -= 1
  }
}

/** Holds the scope open for a request until `release` (its response closed). */
export function holdScope(scope: Held) {
  scope.users += 1
  let released = false
  return () => {
    if (released) return
    released = true
    scope.users -= 1
  }
}

/** Migrates one village's (or the regency's) SQLite file: the names applied. */
export const migrateVillageFile = (file: string, migrations = migrationsIn()) => migrateSqliteFile(file, { migrations })

/** Runs `work` on a connection of its own to DATABASE_URL (PostgreSQL). */
export const withPostgresClient = <T>(work: (client: pg.Client) => Promise<T>): Promise<T> =>
  withPostgres(getEnv().DATABASE_URL, work)

/** Migrates the database of a village (or of the regency: `REGENCY`), its file or its schema: the names applied. */
export async function migrateVillage(id: string, client?: pg.Client): Promise<string[]> {
  if (!onPostgres()) return migrateVillageFile(id === REGENCY ? regencyFile() : villageFile(id))
  if (!client) return withPostgresClient((own) => migrateVillage(id, own))
  return migratePostgres(getEnv().DATABASE_URL, { schema: villageSchema(id), client, dir: POSTGRES_MIGRATIONS })
}

/** Removes a village's database: its file (and WAL), or its schema and everything in it. */
export async function dropVillageDatabase(id: string) {
  if (!onPostgres()) {
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${villageFile(id)}${suffix}`, { force: true })
    return
  }
  await withPostgresClient((client) => client.query(`DROP SCHEMA IF EXISTS ${quoteSchema(villageSchema(id))} CASCADE`))
}

/**
 * At start with REGENCY_HOST: the regency's database and every village's, in turn, with progress on the log
 * (`village 37/300: sukamaju`) and a summary. A failure stops the start, naming the village. On PostgreSQL the
 * registry's schema is made first, and every schema is migrated on one connection.
 */
export async function migrateAll(): Promise<{ villages: number; applied: number }> {
  if (!onPostgres()) return migrateEach(async (id) => migrateVillage(id))
  return withPostgresClient(async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      await client.query(POSTGRES_REGISTRY)
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK])
    }
    await refreshRegistry()
    return migrateEach((id) => migrateVillage(id, client))
  })
}

async function migrateEach(migrate: (id: string) => Promise<string[]>) {
  let applied = 0
  try {
    applied += (await migrate(REGENCY)).length
  } catch (error) {
    throw new Error(`the regency's database could not be migrated: ${(error as Error).message}`)
  }
  const villages = allVillages()
  for (const [at, village] of villages.entries()) {
    try {
      const names = await migrate(village.id)
      applied += names.length
      if (names.length || villages.length <= 20 || (at + 1) % 25 === 0 || at + 1 === villages.length)
        log.info(
          { event: 'village-migrate', village: village.slug, applied: names.length },
          `village ${at + 1}/${villages.length}: ${village.slug}` +
            (names.length ? ` (${names.length} migration(s))` : ''),
        )
    } catch (error) {
      throw new Error(`village ${village.slug} (${village.id}) could not be migrated: ${(error as Error).message}`)
    }
  }
  log.info(
    { event: 'villages-migrated', villages: villages.length, applied },
    `${villages.length} village database(s) up to date (${applied} migration(s) applied)`,
  )
  return { villages: villages.length, applied }
}

export const newVillageId = () => crypto.randomBytes(8).toString('hex')

/** A village's id as newVillageId makes it: what the leftovers' sweep may remove. */
const VILLAGE_ID = /^[0-9a-f]{16}$/

/**
 * On PostgreSQL, the advisory lock an instance holds shared while it makes, imports or deletes a village (its schema,
 * its uploads, its registry row), and a sweep exclusive: a sweep never takes for a leftover what another instance is
 * building now, and a killed builder's lock goes with its connection.
 */
const VILLAGE_BUILD_LOCK = 7_361_207

/**
 * Runs `work` (a village's creation, import or deletion) holding the build lock shared on PostgreSQL, on a connection
 * of its own; on SQLite as is: one server owns the files, and sweeps them only at its start, before it serves.
 */
export async function buildingVillage<T>(work: () => Promise<T>): Promise<T> {
  if (!onPostgres()) return work()
  return withPostgresClient(async (client) => {
    await client.query('SELECT pg_advisory_lock_shared($1)', [VILLAGE_BUILD_LOCK])
    try {
      return await work()
    } finally {
      await client.query('SELECT pg_advisory_unlock_shared($1)', [VILLAGE_BUILD_LOCK]).catch(() => undefined)
    }
  })
}

/**
 * At start with REGENCY_HOST (decision 064): the registry row is a village's commit point (made last at creation and
 * import, removed first at deletion), so a database (SQLite file, PostgreSQL schema) or uploads folder whose id has
 * no row is what a crash left of a village being made or deleted: removed, with its objects under its prefix in S3
 * when its database shows it. On PostgreSQL the sweep holds the build lock (VILLAGE_BUILD_LOCK) exclusive, and is
 * skipped while another instance makes, imports or deletes a village. The number of villages' leftovers removed.
 */
export async function sweepLeftoverVillages(): Promise<number> {
  if (!onPostgres()) return removeLeftovers()
  return withPostgresClient(async (client) => {
    const free = await client.query<{ free: boolean }>('SELECT pg_try_advisory_lock($1) AS free', [VILLAGE_BUILD_LOCK])
    // Another instance is making, importing or deleting a village: its next sweep (or ours) is soon enough.
    if (!free.rows[0]?.free) return 0
    try {
      return await removeLeftovers(client)
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [VILLAGE_BUILD_LOCK]).catch(() => undefined)
    }
  })
}

async function removeLeftovers(client?: pg.Client): Promise<number> {
  await refreshRegistry()
  const registered = new Set(allVillages().map((village) => village.id))
  const leftovers = new Set<string>()
  const { STORAGE, UPLOADS_DIR } = getEnv()
  const folders = path.join(UPLOADS_DIR, 'villages')
  if (STORAGE.kind === 'local' && fs.existsSync(folders))
    for (const name of fs.readdirSync(folders)) if (VILLAGE_ID.test(name) && !registered.has(name)) leftovers.add(name)
  if (!client) {
    for (const name of fs.existsSync(villagesDir()) ? fs.readdirSync(villagesDir()) : []) {
      const id = name.replace(/\.db(-wal|-shm|-journal)?$/, '')
      if (id !== name && VILLAGE_ID.test(id) && !registered.has(id)) leftovers.add(id)
    }
  } else {
    const schemas = await client.query<{ name: string }>(
      "SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'village\\_%'",
    )
    for (const { name } of schemas.rows) {
      const id = name.slice('village_'.length)
      if (VILLAGE_ID.test(id) && !registered.has(id)) leftovers.add(id)
    }
  }
  for (const id of leftovers) {
    await forgetScope(id)
    // Its folder of UPLOADS_DIR, or what is under its prefix in S3; then the database, the mark a next sweep finds.
    await storageUnder(villageStoragePrefix(id)).removeAll()
    await dropVillageDatabase(id)
    log.warn(
      { event: 'village-leftovers', id },
      `removed the database and uploads of village ${id}, which has no registry row (its creation, import or ` +
        'deletion was cut short)',
    )
  }
  return leftovers.size
}
