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
import pg from 'pg'
import { sha256, snapshotSqlite } from './backup-lib.mjs'
import { databaseFile, isPostgresUrl, migratePostgres } from './migrate.mjs'
import { copySqliteToPostgres } from '../core/schema-copy.mjs'
import { createStorage, storageConfig, STORED_KINDS } from '../core/storage.mjs'

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
    await migratePostgres(to, { log })
    await client.connect()
    const { rows: counts } = await copySqliteToPostgres({ sourceFile: snapshot, client, replace: force }).catch(
      (error) => {
        if (error.code !== 'TARGET_HAS_USERS') throw error
        throw new Error(
          'the target database already holds a site (it has users): use an empty one, ' +
            'or pass --force to replace its rows',
        )
      },
    )
    log(
      `[migrate-data] ${Object.values(counts).reduce((a, b) => a + b, 0)} rows in ${Object.keys(counts).length} ` +
        `tables copied and counted`,
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
