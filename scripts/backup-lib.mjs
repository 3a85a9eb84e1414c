// Shared by `npm run backup` and `npm run restore`: one .tar.gz with manifest.json, the database (database.db for
// SQLite, database.dump in pg_dump's custom format for PostgreSQL) and uploads/.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { readArchive, rowCounts, snapshotSqlite, writeArchive } from '../core/backup-archive.mjs'
import { createStorage, STORED_KINDS, storageConfig, UPLOAD_KINDS } from '../core/storage.mjs'
import { postgresBin } from './pg-cluster.mjs'

export { STORED_KINDS, UPLOAD_KINDS }
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

/**
 * With REGENCY_HOST: the villages of the registry next to DATABASE_URL's file, [{ slug, id }] by slug (none when there
 * is no registry yet).
 */
export function registryVillages() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env')
  const url = process.env.DATABASE_URL || 'file:./data/balai-desa.db'
  const registryFile = path.join(path.dirname(path.resolve(url.replace(/^file:/, '').split('?')[0])), 'villages.db')
  if (!fs.existsSync(registryFile)) return []
  const registry = new Database(registryFile, { readonly: true, fileMustExist: true })
  try {
    return registry.prepare('SELECT "slug", "id" FROM "villages" ORDER BY "slug"').all()
  } finally {
    registry.close()
  }
}

/** The scripts' locations (with `--village` as given), or the reason on stderr and exit code 1. */
export function locationsOrExit(tag) {
  try {
    return locations({ village: villageArgument() })
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
 * `village` (REGENCY_HOST: many villages in one install, decision 055), that village's database and uploads folder,
 * found in the registry by its slug.
 */
export function locations({ village } = {}) {
  if (fs.existsSync('.env')) process.loadEnvFile('.env')
  const url = process.env.DATABASE_URL || 'file:./data/balai-desa.db'
  const postgres = /^postgres(ql)?:\/\//i.test(url)
  const uploadsDir = path.resolve(process.env.UPLOADS_DIR || './uploads')
  const regency = Boolean(process.env.REGENCY_HOST?.trim())
  if (village !== undefined || regency) {
    if (!regency) throw new Error('--village is for an install with REGENCY_HOST (many villages in one install)')
    const dataDir = path.dirname(path.resolve(url.replace(/^file:/, '').split('?')[0]))
    const registryFile = path.join(dataDir, 'villages.db')
    // Without --village: the whole install (scripts/backup-install.mjs), its registry, the regency and every village.
    if (village === undefined) return { install: { dataDir, uploadsDir, registryFile }, postgres: false }
    if (!fs.existsSync(registryFile)) throw new Error(`no villages yet (${registryFile} does not exist)`)
    const registry = new Database(registryFile, { readonly: true, fileMustExist: true })
    let found
    try {
      found = registry.prepare('SELECT "id" FROM "villages" WHERE "slug" = ?').get(village)
    } finally {
      registry.close()
    }
    if (!found) throw new Error(`no village ${village} in ${registryFile}`)
    return {
      postgres: false,
      databaseUrl: '',
      databaseFile: path.join(dataDir, 'villages', `${found.id}.db`),
      uploadsDir: path.join(uploadsDir, 'villages', found.id),
      storage: storageUnder(`villages/${found.id}`, uploadsDir),
      village: { slug: village, id: found.id },
    }
  }
  return {
    postgres,
    databaseUrl: url,
    databaseFile: postgres ? '' : path.resolve(url.replace(/^file:/, '').split('?')[0]),
    uploadsDir,
    storage: createStorage(storageConfig(process.env, uploadsDir)),
  }
}

/**
 * One site's archive (`npm run backup`'s format): a consistent snapshot of its database, taken while the site keeps
 * running (SQLite's online backup API, or pg_dump's custom format), and every upload of its storage. Returns the row
 * and file counts.
 */
export async function backupSite({ postgres, databaseUrl, databaseFile, storage }, out) {
  if (!postgres && !fs.existsSync(databaseFile)) throw new Error(`no database at ${databaseFile}`)
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-backup-'))
  try {
    let snapshot
    let counts
    if (postgres) {
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
      await snapshotSqlite(databaseFile, snapshot)
      const copy = new Database(snapshot, { readonly: true })
      const integrity = copy.pragma('integrity_check', { simple: true })
      counts = rowCounts(copy)
      copy.close()
      if (integrity !== 'ok') throw new Error(`snapshot failed integrity_check: ${integrity}`)
    }
    const manifest = await writeArchive({
      out,
      snapshot,
      database: postgres ? 'postgresql' : 'sqlite',
      counts,
      storage,
    })
    return { rows: Object.values(counts).reduce((a, b) => a + b, 0), files: Object.keys(manifest.files).length }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

/**
 * Brings one site's archive back over its database and storage, checking every file against the archive's manifest
 * first: nothing is put in place until the manifest has vouched for every file. A SQLite backup restores into a SQLite
 * database, a PostgreSQL one (pg_restore) into PostgreSQL; uploads go to the storage (folder or S3). Throws with the
 * reason; returns the number of files restored.
 */
export async function restoreSite(file, { postgres, databaseUrl, databaseFile, storage }) {
  const local = storage.config.kind === 'local'
  // Staging on the same disk as the final place where there is one (a rename puts a file there): next to the SQLite
  // file and inside the uploads folder; the temporary folder for a dump pg_restore reads, or objects sent to a bucket.
  if (!postgres) fs.mkdirSync(path.dirname(databaseFile), { recursive: true })
  if (local) fs.mkdirSync(storage.config.root, { recursive: true })
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-restore-'))
  const stagedDatabase = postgres ? path.join(work, 'database.dump') : `${databaseFile}.restoring`
  const stagedUploads = local
    ? fs.mkdtempSync(path.join(storage.config.root, '.restoring-'))
    : path.join(work, 'uploads')
  try {
    const { manifest, uploads } = await readArchive(file, { stagedDatabase, stagedUploads })
    const dumped = manifest.database === 'postgresql'
    if (dumped !== postgres) {
      throw new Error(
        dumped
          ? 'this is a PostgreSQL backup: set DATABASE_URL to a PostgreSQL database to restore it'
          : 'this is a SQLite backup: restore it into a SQLite install, then move it with npm run migrate-data',
      )
    }
    // Where the uploads go must answer before anything is replaced (a missing bucket stops the restore here).
    await storage.prepare()
    let counts
    if (postgres) {
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
      counts = await pgRowCounts(databaseUrl)
    } else {
      for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(databaseFile + suffix, { force: true })
      fs.renameSync(stagedDatabase, databaseFile)
      const db = new Database(databaseFile)
      counts = rowCounts(db)
      db.close()
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
    for (const [table, count] of Object.entries(manifest.rows)) {
      if (counts[table] !== count) throw new Error(`restored ${table} has ${counts[table]} rows, the backup ${count}`)
    }
    return uploads.length
  } finally {
    if (local) fs.rmSync(stagedUploads, { recursive: true, force: true })
    if (!postgres) fs.rmSync(stagedDatabase, { force: true })
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
