// Shared by `npm run backup` and `npm run restore`: one .tar.gz with manifest.json, the database (database.db for
// SQLite, database.dump in pg_dump's custom format for PostgreSQL) and uploads/.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
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
    if (village === undefined)
      throw new Error('with REGENCY_HOST, name the village: --village SLUG (one village at a time)')
    const dataDir = path.dirname(path.resolve(url.replace(/^file:/, '').split('?')[0]))
    const registryFile = path.join(dataDir, 'villages.db')
    if (!fs.existsSync(registryFile)) throw new Error(`no villages yet (${registryFile} does not exist)`)
    const registry = new Database(registryFile, { readonly: true, fileMustExist: true })
    let found
    try {
      found = registry.prepare('SELECT "id" FROM "villages" WHERE "slug" = ?').get(village)
    } finally {
      registry.close()
    }
    if (!found) throw new Error(`no village ${village} in ${registryFile}`)
    const root = path.join(uploadsDir, 'villages', found.id)
    return {
      postgres: false,
      databaseUrl: '',
      databaseFile: path.join(dataDir, 'villages', `${found.id}.db`),
      uploadsDir: root,
      storage: createStorage({ kind: 'local', root }),
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
