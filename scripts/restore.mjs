// `npm run restore -- FILE`: brings a backup archive back into an empty install (no database yet, or one
// without users), checking every file against the archive's manifest. Stop the server first. A SQLite backup
// restores into a SQLite DATABASE_URL, a PostgreSQL one (pg_restore) into a PostgreSQL DATABASE_URL (to move a
// SQLite village to PostgreSQL, use `npm run migrate-data`); uploads go to the configured storage (folder or S3).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import Database from 'better-sqlite3'
import tar from 'tar-stream'
import pg from 'pg'
import { locations, pgRowCounts, rowCounts, runPgTool, sha256, UPLOAD_KINDS } from './backup-lib.mjs'

const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'))
const force = process.argv.includes('--force')
if (!file || !fs.existsSync(file)) {
  console.error('usage: npm run restore -- path/to/backup.tar.gz [--force]')
  process.exit(1)
}
const { postgres, databaseUrl, databaseFile, storage } = locations()

async function isEmptyInstall() {
  if (postgres) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const hasUsers = (await client.query("SELECT 1 FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'users'")).rowCount
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
  console.error(`[restore] ${postgres ? 'the database' : databaseFile} already holds a site; restore only into an empty install (or pass --force to replace it)`)
  process.exit(1)
}

const entries = new Map()
const extract = tar.extract()
extract.on('entry', (header, stream, next) => {
  const chunks = []
  stream.on('data', (chunk) => chunks.push(chunk))
  stream.on('end', () => {
    entries.set(header.name, Buffer.concat(chunks))
    next()
  })
  stream.resume()
})
await pipeline(fs.createReadStream(file), zlib.createGunzip(), extract)

const manifest = JSON.parse(entries.get('manifest.json')?.toString('utf8') ?? 'null')
const dumped = (manifest?.database ?? 'sqlite') === 'postgresql'
const database = entries.get(dumped ? 'database.dump' : 'database.db')
if (!manifest || !database) throw new Error('not a Balai Desa backup: manifest.json or the database is missing')
if (dumped !== postgres) {
  throw new Error(
    dumped
      ? 'this is a PostgreSQL backup: set DATABASE_URL to a PostgreSQL database to restore it'
      : 'this is a SQLite backup: restore it into a SQLite install, then move it with npm run migrate-data',
  )
}
if (sha256(database) !== manifest.database_sha256) throw new Error('database.db does not match the manifest')
const uploads = Object.entries(manifest.files)
for (const [relative, hash] of uploads) {
  const [kind, name, ...rest] = relative.split('/')
  if (!UPLOAD_KINDS.includes(kind) || !name || rest.length || name !== path.basename(name)) throw new Error(`unexpected path ${relative}`)
  const buffer = entries.get(`uploads/${relative}`)
  if (!buffer || sha256(buffer) !== hash) throw new Error(`uploads/${relative} is missing or does not match the manifest`)
}

// Where the uploads go must answer before anything is written (a missing bucket stops the restore here).
await storage.prepare()
let counts
if (postgres) {
  const staged = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'balai-restore-')), 'database.dump')
  try {
    fs.writeFileSync(staged, database)
    // --clean drops what an earlier start created (migrations, seeded rows) before the backup's own objects.
    runPgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--dbname', databaseUrl, staged])
  } finally {
    fs.rmSync(path.dirname(staged), { recursive: true, force: true })
  }
  counts = await pgRowCounts(databaseUrl)
} else {
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true })
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(databaseFile + suffix, { force: true })
  const staged = `${databaseFile}.restoring`
  fs.writeFileSync(staged, database)
  fs.renameSync(staged, databaseFile)
  const db = new Database(databaseFile)
  counts = rowCounts(db)
  db.close()
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-restore-files-'))
try {
  for (const [relative] of uploads) {
    const [kind, name] = relative.split('/')
    const file = path.join(work, name)
    fs.writeFileSync(file, entries.get(`uploads/${relative}`))
    await storage.put(kind, name, file)
    fs.rmSync(file)
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true })
}

for (const [table, count] of Object.entries(manifest.rows)) {
  if (counts[table] !== count) throw new Error(`restored ${table} has ${counts[table]} rows, the backup ${count}`)
}
console.log(`[restore] ${postgres ? 'the PostgreSQL database' : databaseFile} and ${uploads.length} files restored from ${file}`)
