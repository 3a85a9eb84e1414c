// `npm run restore -- FILE [--village SLUG]`: brings a backup archive back into an empty install (no database yet,
// or one without users), checking every file against the archive's manifest. Stop the server first. With
// REGENCY_HOST, --village names the village (made in the console first) whose database and uploads it replaces. A
// SQLite backup restores into a SQLite DATABASE_URL, a PostgreSQL one (pg_restore) into a PostgreSQL DATABASE_URL (to
// move a SQLite village to PostgreSQL, use `npm run migrate-data`); uploads go to the configured storage (folder or
// S3). The archive is streamed: each entry goes to a staging file (hashed on the way), so a backup larger than memory
// restores; nothing is put in place until the manifest has vouched for every file.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { locationsOrExit, pgRowCounts, readArchive, rowCounts, runPgTool } from './backup-lib.mjs'

const args = process.argv.slice(2)
const file = args.find((arg, at) => !arg.startsWith('--') && args[at - 1] !== '--village')
const force = process.argv.includes('--force')
if (!file || !fs.existsSync(file)) {
  console.error('usage: npm run restore -- path/to/backup.tar.gz [--village SLUG] [--force]')
  process.exit(1)
}
const where = locationsOrExit('restore')
const { postgres, databaseUrl, databaseFile, storage } = where
const local = storage.config.kind === 'local'

async function isEmptyInstall() {
  if (postgres) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const hasUsers = (
        await client.query(
          "SELECT 1 FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'users'",
        )
      ).rowCount
      return !hasUsers || Number((await client.query('SELECT COUNT(*) AS n FROM "users"')).rows[0].n) === 0
    } finally {
      await client.end()
    }
  }
  if (!fs.existsSync(databaseFile)) return true
  const db = new Database(databaseFile, { readonly: true })
  try {
    const hasUsers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'users'").get()
    return !hasUsers || Number(db.prepare('SELECT COUNT(*) AS n FROM users').get().n) === 0
  } finally {
    db.close()
  }
}

if (!(await isEmptyInstall()) && !force) {
  console.error(
    `[restore] ${postgres ? 'the database' : databaseFile} already holds a site; ` +
      `restore only into an empty install (or pass --force to replace it)`,
  )
  process.exit(1)
}

// Staging on the same disk as the final place where there is one (a rename puts a file there): next to the SQLite
// file and inside the uploads folder; the temporary folder for a dump pg_restore reads, or objects sent to a bucket.
if (!postgres) fs.mkdirSync(path.dirname(databaseFile), { recursive: true })
if (local) fs.mkdirSync(storage.config.root, { recursive: true })
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-restore-'))
const stagedDatabase = postgres ? path.join(work, 'database.dump') : `${databaseFile}.restoring`
const stagedUploads = local ? fs.mkdtempSync(path.join(storage.config.root, '.restoring-')) : path.join(work, 'uploads')
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
  console.log(
    `[restore] ${postgres ? 'the PostgreSQL database' : databaseFile} and ${uploads.length} files ` +
      `restored from ${file}`,
  )
} catch (error) {
  console.error(`[restore] ${error.message}`)
  process.exitCode = 1
} finally {
  if (local) fs.rmSync(stagedUploads, { recursive: true, force: true })
  if (!postgres) fs.rmSync(stagedDatabase, { force: true })
  fs.rmSync(work, { recursive: true, force: true })
}
