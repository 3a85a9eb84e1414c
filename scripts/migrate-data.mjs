// `npm run migrate-data -- --to postgresql://user:password@host:5432/balai [--storage s3] [--force]`
// Moves a SQLite village (DATABASE_URL, UPLOADS_DIR, from the environment or .env) to PostgreSQL and, with
// `--storage s3`, its uploads to the bucket of the S3_* variables. The source is read from a consistent snapshot
// (the site may keep running, but stop it before you switch, or later writes stay behind); the target database is
// migrated first and must hold no users (`--force` empties it). Every row is copied in one transaction, then the
// row counts and every file's SHA-256 are checked against the source. Prints what it did; exits 1 on any mismatch.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import pg from 'pg'
import { sha256, snapshotSqlite } from './backup-lib.mjs'
import { databaseFile, isPostgresUrl, migratePostgres } from './migrate.mjs'
import { createStorage, storageConfig, STORED_KINDS } from '../core/storage.mjs'

/** Rows that belong to the running source only: the target keeps its own. */
const NOT_COPIED = new Set(['_prisma_migrations', 'data_version', 'login_failures', 'pending_uploads'])

/** Tables so that every table comes after the tables its foreign keys point at. */
function tablesInOrder(db) {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all()
    .map((row) => row.name)
    .filter((name) => !NOT_COPIED.has(name) && !/_fts/.test(name))
  const needs = new Map(
    tables.map((table) => [
      table,
      db
        .prepare(`PRAGMA foreign_key_list("${table}")`)
        .all()
        .map((fk) => fk.table),
    ]),
  )
  const ordered = []
  const visit = (table, trail = new Set()) => {
    if (ordered.includes(table) || trail.has(table)) return
    trail.add(table)
    for (const parent of needs.get(table) ?? []) if (parent !== table && needs.has(parent)) visit(parent, trail)
    ordered.push(table)
  }
  tables.sort().forEach((table) => visit(table))
  return ordered
}

/**
 * Copies the SQLite database `sourceFile` and the uploads under `uploadsDir` into the PostgreSQL database `to` and
 * `targetStorage` (or leaves the files where they are when it is undefined). Returns { rows, files }.
 */
export async function migrateData({ sourceFile, uploadsDir, to, targetStorage, force = false, log = console.log }) {
  if (!isPostgresUrl(to))
    throw new Error('--to must be a PostgreSQL address such as postgresql://user:password@host:5432/balai')
  if (!fs.existsSync(sourceFile)) throw new Error(`no SQLite database at ${sourceFile}`)
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-migrate-data-'))
  const client = new pg.Client({ connectionString: to })
  try {
    const snapshot = path.join(work, 'source.db')
    await snapshotSqlite(sourceFile, snapshot)
    const source = new Database(snapshot, { readonly: true })

    await migratePostgres(to, { log })
    await client.connect()
    const targetTables = new Map()
    for (const row of (
      await client.query(
        "SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public'",
      )
    ).rows) {
      if (!targetTables.has(row.table_name)) targetTables.set(row.table_name, new Map())
      targetTables.get(row.table_name).set(row.column_name, row.data_type)
    }
    const users = Number((await client.query('SELECT COUNT(*) AS n FROM "users"')).rows[0].n)
    if (users > 0 && !force)
      throw new Error(
        'the target database already holds a site (it has users): use an empty one, ' +
          'or pass --force to replace its rows',
      )

    const tables = tablesInOrder(source)
    const counts = {}
    await client.query('BEGIN')
    try {
      if (users > 0)
        await client.query(`TRUNCATE ${tables.map((table) => `"${table}"`).join(', ')} RESTART IDENTITY CASCADE`)
      for (const table of tables) {
        const types = targetTables.get(table)
        if (!types) throw new Error(`the target has no table ${table}: is it migrated by the same version?`)
        const columns = source
          .prepare(`PRAGMA table_info("${table}")`)
          .all()
          .map((column) => column.name)
        const missing = columns.filter((column) => !types.has(column))
        if (missing.length) throw new Error(`the target's ${table} has no column ${missing.join(', ')}`)
        const rows = source.prepare(`SELECT * FROM "${table}"`).all()
        const value = (column, raw) => (raw !== null && types.get(column) === 'boolean' ? Boolean(raw) : raw)
        for (let start = 0; start < rows.length; start += 500) {
          const chunk = rows.slice(start, start + 500)
          const params = chunk.flatMap((row) => columns.map((column) => value(column, row[column])))
          const values = chunk
            .map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
            .join(', ')
          await client.query(
            `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${values}`,
            params,
          )
        }
        // Serial ids continue after the copied ones (tables keyed by a generated text id, e.g. sessions, have no
        // sequence).
        if (['integer', 'bigint', 'smallint'].includes(types.get('id')) && columns.includes('id')) {
          await client
            .query(
              `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), GREATEST(COALESCE(MAX("id"), 0), 1), ` +
                `MAX("id") IS NOT NULL) FROM "${table}"`,
            )
            .catch((error) => {
              if (!/not a serial|no sequence|does not exist/i.test(error.message)) throw error
            })
        }
        counts[table] = rows.length
      }
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    }
    for (const table of tables) {
      const copied = Number((await client.query(`SELECT COUNT(*) AS n FROM "${table}"`)).rows[0].n)
      if (copied !== counts[table])
        throw new Error(`${table}: ${counts[table]} rows in SQLite, ${copied} in PostgreSQL`)
    }
    source.close()
    log(
      `[migrate-data] ${Object.values(counts).reduce((a, b) => a + b, 0)} rows in ${tables.length} tables ` +
        `copied and counted`,
    )

    const sourceStorage = createStorage({ kind: 'local', root: uploadsDir })
    let files = 0
    for (const kind of STORED_KINDS) {
      for (const name of await sourceStorage.list(kind)) {
        const buffer = await sourceStorage.read(kind, name)
        if (targetStorage) await targetStorage.put(kind, name, path.join(uploadsDir, kind, name))
        const copy = await (targetStorage ?? sourceStorage).read(kind, name)
        if (!copy || sha256(copy) !== sha256(buffer))
          throw new Error(`uploads ${kind}/${name}: the copy does not match the original`)
        files++
      }
    }
    log(
      `[migrate-data] ${files} upload files ` +
        `${targetStorage ? `copied to ${targetStorage.describe()} and` : 'kept in place,'} checked by SHA-256`,
    )
    return { rows: counts, files }
  } finally {
    await client.end().catch(() => undefined)
    fs.rmSync(work, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (fs.existsSync('.env')) process.loadEnvFile('.env')
  const args = process.argv.slice(2)
  const option = (name) => {
    const at = args.indexOf(name)
    return at === -1 ? undefined : args[at + 1]
  }
  try {
    const from = process.env.DATABASE_URL || 'file:./data/balai-desa.db'
    if (isPostgresUrl(from))
      throw new Error('DATABASE_URL is already PostgreSQL: migrate-data reads a SQLite village (a file: address)')
    const to = option('--to')
    if (!to)
      throw new Error(
        'usage: npm run migrate-data -- --to postgresql://user:password@host:5432/balai [--storage s3] [--force]',
      )
    const storageKind = option('--storage') ?? 'local'
    if (!['local', 's3'].includes(storageKind)) throw new Error('--storage must be local or s3')
    const uploadsDir = path.resolve(process.env.UPLOADS_DIR || './uploads')
    const targetStorage =
      storageKind === 's3' ? createStorage(storageConfig({ ...process.env, STORAGE: 's3' })) : undefined
    await migrateData({
      sourceFile: databaseFile(from),
      uploadsDir,
      to,
      targetStorage,
      force: args.includes('--force'),
    })
    console.log(
      `[migrate-data] done: start the site with DATABASE_URL=<the --to address>` +
        `${storageKind === 's3' ? ' and STORAGE=s3' : ` and UPLOADS_DIR=${uploadsDir}`}`,
    )
  } catch (error) {
    console.error(`[migrate-data] ${error.message}`)
    process.exit(1)
  }
}
