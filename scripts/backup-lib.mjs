// Shared by `npm run backup` and `npm run restore`: one .tar.gz with manifest.json, the database (database.db for
// SQLite, database.dump in pg_dump's custom format for PostgreSQL; database.db for a site of a regency's PostgreSQL
// database too, its schema's rows copied into a SQLite file) and uploads/.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { readArchive, rowCounts, snapshotSqlite, unpackLimit, writeArchive } from '../core/backup-archive.mjs'
import { envSchema } from '../core/env.mjs'
import { migratePostgres, quoteSchema, withPostgres } from '../core/postgres-migrations.mjs'
import { copyPostgresToSqlite, copySqliteToPostgres, copySqliteToSqlite } from '../core/schema-copy.mjs'
import { migrateSqliteFile } from '../core/sqlite-migrations.mjs'
import { createStorage, STORED_KINDS, storageConfig, UPLOAD_KINDS } from '../core/storage.mjs'
import { postgresBin } from './pg-cluster.mjs'

export { STORED_KINDS, UPLOAD_KINDS, withPostgres }
// The archive's format, which the regency's export writes too (core/backup-archive.mjs).
export {
  copyHashing,
  openForArchive,
  openUpload,
  readArchive,
  rowCounts,
  sha256,
  snapshotSqlite,
  uploadFiles,
  writeArchive,
} from '../core/backup-archive.mjs'

const isPostgresUrl = (url) => /^postgres(ql)?:\/\//i.test(url)
const sqlitePath = (url) => path.resolve(url.replace(/^file:/, '').split('?')[0])

/** The regency's own site (decision 055): its database (`regency.db`, or the schema `regency`) and its uploads. */
export const REGENCY = 'regency'

/**
 * Where a regency install keeps the site `id` (a village's id, or REGENCY), as app/models/regency/villages.server.ts does:
 * a SQLite file of the data folder or a schema of the PostgreSQL database, and its uploads under `villages/{id}` (or
 * `regency`) of UPLOADS_DIR or the bucket.
 */
export function siteIn(install, id) {
  const prefix = id === REGENCY ? REGENCY : `villages/${id}`
  const place = {
    uploadsDir: path.join(install.uploadsDir, prefix),
    storage: storageUnder(prefix, install.uploadsDir),
  }
  if (install.postgres)
    return {
      postgres: true,
      databaseUrl: install.databaseUrl,
      databaseFile: '',
      schema: id === REGENCY ? REGENCY : `village_${id}`,
      ...place,
    }
  return {
    postgres: false,
    databaseUrl: '',
    databaseFile:
      id === REGENCY ? path.join(install.dataDir, 'regency.db') : path.join(install.dataDir, 'villages', `${id}.db`),
    ...place,
  }
}

/** What the messages call the registry of an install: its file, or its schema on PostgreSQL. */
export const registryName = (install) =>
  install.postgres ? 'the schema "registry" of the PostgreSQL database' : install.registryFile

/**
 * The registry of a regency install: `{ villages: [{ id, slug, name, status, created_at }] by slug, domains:
 * [{ host, village_id }], version }`, read in one snapshot from its SQLite file (`villages.db` next to DATABASE_URL's
 * file) or from the schema `registry` of the PostgreSQL database; null when there is none yet.
 */
export async function readRegistry(install) {
  const reads = {
    // Every column: a registry of before the regency's data (issue 40) has no kode_wilayah or kecamatan.
    villages: 'SELECT * FROM "villages" ORDER BY "slug"',
    domains: 'SELECT "host", "village_id" FROM "village_domains" ORDER BY "host"',
    version: 'SELECT "value" FROM "registry_version" WHERE "id" = 1',
  }
  if (!install.postgres) {
    if (!fs.existsSync(install.registryFile)) return null
    const db = new Database(install.registryFile, { readonly: true, fileMustExist: true })
    try {
      return db.transaction(() => ({
        villages: db.prepare(reads.villages).all(),
        domains: db.prepare(reads.domains).all(),
        version: Number(db.prepare(reads.version).get()?.value ?? 0),
      }))()
    } finally {
      db.close()
    }
  }
  return withPostgres(install.databaseUrl, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    try {
      if (!(await client.query(`SELECT to_regclass('"registry"."villages"') AS found`)).rows[0].found) return null
      await client.query('SET LOCAL search_path TO "registry"')
      return {
        villages: (await client.query(reads.villages)).rows,
        domains: (await client.query(reads.domains)).rows,
        version: Number((await client.query(reads.version)).rows[0]?.value ?? 0),
      }
    } finally {
      await client.query('COMMIT')
    }
  })
}

/** With REGENCY_HOST: the villages of the install's registry, [{ id, slug, name, status, created_at }] by slug. */
export async function registryVillages(install) {
  return (await readRegistry(install))?.villages ?? []
}

/** The scripts' locations (with `--village` as given), or the reason on stderr and exit code 1. */
export async function locationsOrExit(tag) {
  try {
    return await locations({ village: villageArgument() })
  } catch (error) {
    console.error(`[${tag}] ${error.message}`)
    process.exit(1)
  }
}

/** The value after `--village` on the command line (a village's slug), or undefined. */
export function villageArgument(argv = process.argv) {
  const at = argv.indexOf('--village')
  if (at === -1) return undefined
  const slug = argv[at + 1]
  if (!slug || slug.startsWith('--')) throw new Error("--village needs the village's slug: --village sukamaju")
  return slug
}

/**
 * Reads .env like the server does, then DATABASE_URL, UPLOADS_DIR and the storage with the same defaults. With
 * REGENCY_HOST (many villages in one install, decision 055): without `village`, the whole install (`{ install }`,
 * for scripts/backup-install.mjs); with it, that village's database (its SQLite file, or its schema `village_{id}` of
 * the PostgreSQL database) and uploads, found in the registry by its slug.
 */
export async function locations({ village } = {}) {
  if (fs.existsSync('.env')) process.loadEnvFile('.env')
  const url = process.env.DATABASE_URL || 'file:./data/balai-desa.db'
  const postgres = isPostgresUrl(url)
  const uploadsDir = path.resolve(process.env.UPLOADS_DIR || './uploads')
  const regency = Boolean(process.env.REGENCY_HOST?.trim())
  if (village !== undefined || regency) {
    if (!regency) throw new Error('--village is for an install with REGENCY_HOST (many villages in one install)')
    // The data folder the server uses: next to the SQLite file, or ./data on PostgreSQL (app/utils/config.server.ts).
    const dataDir = postgres ? path.resolve('data') : path.dirname(sqlitePath(url))
    const install = {
      postgres,
      databaseUrl: postgres ? url : '',
      dataDir,
      uploadsDir,
      registryFile: postgres ? '' : path.join(dataDir, 'villages.db'),
    }
    if (village === undefined) return { install, postgres }
    const registry = await readRegistry(install)
    if (!registry) throw new Error(`no villages yet (${registryName(install)} does not exist)`)
    const found = registry.villages.find((row) => row.slug === village)
    if (!found) throw new Error(`no village ${village} in ${registryName(install)}`)
    return { ...siteIn(install, found.id), village: { slug: village, id: found.id } }
  }
  return {
    postgres,
    databaseUrl: url,
    databaseFile: postgres ? '' : sqlitePath(url),
    uploadsDir,
    storage: createStorage(storageConfig(process.env, uploadsDir)),
  }
}

/** Whether the schema `schema` of the connection's database holds the app's tables (has been migrated). */
export async function schemaHoldsSite(client, schema) {
  const { rows } = await client.query('SELECT to_regclass($1) AS found', [`${quoteSchema(schema)}."users"`])
  return Boolean(rows[0].found)
}

/**
 * A SQLite file of an archive, checked before it is used: its integrity, that it holds a site, and its row counts
 * against the manifest's. Returns the counts.
 */
function checkedSqlite(file, manifest) {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  let counts
  try {
    const integrity = db.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok') throw new Error(`its database failed integrity_check: ${integrity}`)
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'").get())
      throw new Error('its database holds no site')
    counts = rowCounts(db)
  } finally {
    db.close()
  }
  checkCounts(manifest, counts, "the archive's file:")
  return counts
}

/** Throws naming the first table whose rows differ from the manifest's count (`what`: where they were counted). */
function checkCounts(manifest, counts, what = 'restored') {
  for (const [table, count] of Object.entries(manifest.rows ?? {}))
    if (counts[table] !== count) throw new Error(`${what} ${table} has ${counts[table]} rows, the backup ${count}`)
}

/**
 * One site's archive (`npm run backup`'s format): a consistent snapshot of its database, taken while the site keeps
 * running (SQLite's online backup API, or pg_dump's custom format), and every upload of its storage. Returns the row
 * and file counts. A site of a regency's PostgreSQL database (a `schema`: a village's, the regency's) is archived as
 * the console's export does: its rows copied into a new SQLite file, the one format a village's archive has.
 */
export async function backupSite({ postgres, databaseUrl, databaseFile, schema, storage }, out) {
  if (!postgres && !fs.existsSync(databaseFile)) throw new Error(`no database at ${databaseFile}`)
  const dump = postgres && !schema
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-backup-'))
  try {
    let snapshot
    let counts
    if (dump) {
      // pg_dump reads one transaction's snapshot: consistent while the site keeps writing. Counted from the same
      // database just before; a write in between shows as a difference at restore time, never as a torn dump.
      snapshot = path.join(work, 'database.dump')
      counts = await pgRowCounts(databaseUrl)
      runPgTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        '--file',
        snapshot,
        '--dbname',
        databaseUrl,
      ])
    } else {
      snapshot = path.join(work, 'database.db')
      if (schema) {
        // One repeatable-read snapshot of the schema (core/schema-copy.mjs): consistent while the site keeps writing.
        await withPostgres(databaseUrl, async (client) => {
          if (!(await schemaHoldsSite(client, schema))) throw new Error(`no database in the schema ${schema}`)
          await copyPostgresToSqlite({ client, schema, targetFile: snapshot })
        })
      } else await snapshotSqlite(databaseFile, snapshot)
      const copy = new Database(snapshot, { readonly: true })
      const integrity = copy.pragma('integrity_check', { simple: true })
      counts = rowCounts(copy)
      copy.close()
      if (integrity !== 'ok') throw new Error(`snapshot failed integrity_check: ${integrity}`)
    }
    const manifest = await writeArchive({ out, snapshot, database: dump ? 'postgresql' : 'sqlite', counts, storage })
    return { rows: Object.values(counts).reduce((a, b) => a + b, 0), files: Object.keys(manifest.files).length }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

/**
 * How much unpacking one site's archive may write: 4 times IMPORT_MAX_MB (512 by default), as the console's import
 * (decision 063). Read after .env (locations()).
 */
export function restoreUnpackLimit() {
  const parsed = envSchema.shape.IMPORT_MAX_MB.safeParse(process.env.IMPORT_MAX_MB)
  if (!parsed.success) throw new Error('IMPORT_MAX_MB must be a whole number of MB, 1 to 16384')
  return unpackLimit(parsed.data)
}

/**
 * Brings one site's archive back over its database and storage, checking every file against the archive's manifest
 * first: nothing is put in place until the manifest has vouched for every file. What the archive unpacks to is
 * capped (restoreUnpackLimit). A SQLite backup restores into a SQLite database, a PostgreSQL one (pg_restore) into
 * PostgreSQL; uploads go to the storage (folder or S3). A SQLite archive's file is checked (integrity, a site, its
 * row counts), brought up to the current migrations, and rebuilt row by row into a new, freshly migrated file
 * (decision 063: only the known tables and columns, no trigger or view of the archive's), which replaces the
 * database file, or, for a site of a regency's PostgreSQL database (a `schema`), as the console's import does, whose
 * rows are copied into the migrated schema in one transaction (replacing the rows there only with `replace`: else a
 * schema that holds users is refused). Throws with the reason; returns the number of files restored.
 */
export async function restoreSite(
  file,
  { postgres, databaseUrl, databaseFile, schema, storage },
  { replace = false } = {},
) {
  const local = storage.config.kind === 'local'
  const dump = postgres && !schema
  const intoSchema = postgres && Boolean(schema)
  // Staging on the same disk as the final place where there is one (a rename puts a file there): next to the SQLite
  // file and inside the uploads folder; the temporary folder for a dump pg_restore reads, a file copied into a
  // schema, or objects sent to a bucket.
  if (!postgres) fs.mkdirSync(path.dirname(databaseFile), { recursive: true })
  if (local) fs.mkdirSync(storage.config.root, { recursive: true })
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-restore-'))
  const stagedDatabase = postgres
    ? path.join(work, dump ? 'database.dump' : 'database.db')
    : `${databaseFile}.restoring`
  // The archive's file rebuilt row by row: next to the SQLite file, renamed into place.
  const rebuiltDatabase = postgres ? path.join(work, 'rebuilt.db') : `${databaseFile}.rebuilt`
  const removeRebuilt = () => {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${rebuiltDatabase}${suffix}`, { force: true })
  }
  removeRebuilt()
  const stagedUploads = local
    ? fs.mkdtempSync(path.join(storage.config.root, '.restoring-'))
    : path.join(work, 'uploads')
  try {
    const maxBytes = restoreUnpackLimit()
    let read
    try {
      read = await readArchive(file, { stagedDatabase, stagedUploads, maxBytes })
    } catch (error) {
      if (error.code !== 'ARCHIVE_TOO_LARGE') throw error
      throw new Error(`${error.message} (4 times IMPORT_MAX_MB): refused; raise IMPORT_MAX_MB to restore a larger site`)
    }
    const { manifest, uploads } = read
    const dumped = manifest.database === 'postgresql'
    if (dumped !== dump) {
      throw new Error(
        intoSchema
          ? 'this is a PostgreSQL backup (pg_dump) of a single-village install: a village of a regency restores ' +
              "from a SQLite archive (npm run backup --village, the console's export, or a SQLite install's backup)"
          : dumped
            ? 'this is a PostgreSQL backup: set DATABASE_URL to a PostgreSQL database to restore it'
            : 'this is a SQLite backup: restore it into a SQLite install, then move it with npm run migrate-data',
      )
    }
    if (!dump) {
      checkedSqlite(stagedDatabase, manifest)
      try {
        migrateSqliteFile(stagedDatabase)
      } catch (error) {
        throw new Error(`its database could not be brought to the current migrations: ${error.message}`)
      }
      try {
        copySqliteToSqlite({ sourceFile: stagedDatabase, targetFile: rebuiltDatabase })
      } catch (error) {
        throw new Error(`its database could not be rebuilt row by row: ${error.message}`)
      }
    }
    // Where the uploads go must answer before anything is replaced (a missing bucket stops the restore here).
    await storage.prepare()
    if (dump) {
      // --clean drops what an earlier start created (migrations, seeded rows) before the backup's own objects.
      runPgTool('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--dbname',
        databaseUrl,
        stagedDatabase,
      ])
    } else if (intoSchema) {
      // One transaction: the rows are all there, counted against the file's, or none are.
      await withPostgres(databaseUrl, async (client) => {
        await migratePostgres(databaseUrl, { schema, client })
        await copySqliteToPostgres({ sourceFile: rebuiltDatabase, client, schema, replace })
      })
    } else {
      for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(databaseFile + suffix, { force: true })
      fs.renameSync(rebuiltDatabase, databaseFile)
    }
    for (const [kind, name] of uploads) {
      const staged = path.join(stagedUploads, kind, name)
      if (local) {
        fs.mkdirSync(path.join(storage.config.root, kind), { recursive: true })
        fs.renameSync(staged, path.join(storage.config.root, kind, name))
      } else {
        await storage.put(kind, name, staged)
        fs.rmSync(staged)
      }
    }
    // A SQLite archive's rows were counted before anything was written (the file's against the manifest) and by the
    // copies.
    if (dump) checkCounts(manifest, await pgRowCounts(databaseUrl))
    return uploads.length
  } finally {
    if (local) fs.rmSync(stagedUploads, { recursive: true, force: true })
    if (!postgres) {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${stagedDatabase}${suffix}`, { force: true })
      removeRebuilt()
    }
    fs.rmSync(work, { recursive: true, force: true })
  }
}

/**
 * With REGENCY_HOST, the uploads under `prefix` (`villages/{id}` or `regency`), as the server keeps them
 * (app/utils/upload-pipeline.server.ts): that folder of UPLOADS_DIR, or those keys of the S3 bucket(s).
 */
export function storageUnder(prefix, uploadsDir = path.resolve(process.env.UPLOADS_DIR || './uploads')) {
  const config = storageConfig(process.env, uploadsDir)
  return config.kind === 's3'
    ? createStorage({ ...config, prefix: `${prefix}/` })
    : createStorage({ kind: 'local', root: path.join(uploadsDir, prefix) })
}

/** Runs pg_dump or pg_restore (PG_BIN, the PATH, or Debian's newest PostgreSQL); throws with its message. */
export function runPgTool(tool, args) {
  let command = tool
  try {
    command = path.join(postgresBin(), tool)
  } catch {
    // not installed where we look: try the PATH
  }
  const result = spawnSync(command, args, { encoding: 'utf8' })
  if (result.error) throw new Error(`${tool} is not installed (apt-get install postgresql-client, or set PG_BIN)`)
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr.trim()}`)
  return result.stdout
}

/** Row counts of every table of the app in a PostgreSQL database (not the migrations table). */
export async function pgRowCounts(url) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const tables = (
      await client.query(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' " +
          "AND table_type = 'BASE TABLE' AND table_name != '_balai_migrations' ORDER BY table_name",
      )
    ).rows.map((row) => row.table_name)
    const counts = {}
    for (const table of tables)
      counts[table] = Number((await client.query(`SELECT COUNT(*) AS n FROM "${table}"`)).rows[0].n)
    return counts
  } finally {
    await client.end()
  }
}
