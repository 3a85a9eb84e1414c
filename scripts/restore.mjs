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
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import Database from 'better-sqlite3'
import pg from 'pg'
import tar from 'tar-stream'
import {
  copyHashing,
  locations,
  pgRowCounts,
  rowCounts,
  runPgTool,
  STORED_KINDS,
  villageArgument,
} from './backup-lib.mjs'

const args = process.argv.slice(2)
const file = args.find((arg, at) => !arg.startsWith('--') && args[at - 1] !== '--village')
const force = process.argv.includes('--force')
if (!file || !fs.existsSync(file)) {
  console.error('usage: npm run restore -- path/to/backup.tar.gz [--village SLUG] [--force]')
  process.exit(1)
}
let where
try {
  where = locations({ village: villageArgument() })
} catch (error) {
  console.error(`[restore] ${error.message}`)
  process.exit(1)
}
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

/** [kind, name] of an upload, or an error: only the folders of uploads (and the private area), one plain file each. */
function uploadPath(relative) {
  const at = relative.lastIndexOf('/')
  const kind = relative.slice(0, Math.max(0, at))
  const name = relative.slice(at + 1)
  if (!STORED_KINDS.includes(kind) || !name || name !== path.basename(name) || name.startsWith('.')) {
    throw new Error(`unexpected path uploads/${relative}`)
  }
  return [kind, name]
}

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024

/** Reads an entry to its end; resolves with its bytes when `keep` (refusing more than `limit` of them). */
function drain(stream, { keep = false, limit = Infinity } = {}) {
  return new Promise((resolve, reject) => {
    const chunks = []
    let size = 0
    stream.on('data', (chunk) => {
      size += chunk.length
      if (size > limit) stream.destroy(new Error('manifest.json is too large'))
      else if (keep) chunks.push(chunk)
    })
    stream.on('end', () => resolve(Buffer.concat(chunks)))
    stream.on('error', reject)
  })
}

/**
 * Reads the archive into staging: the database (`database.db` or `database.dump`) to `stagedDatabase`, uploads under
 * `stagedUploads`.
 */
async function extractInto(stagedDatabase, stagedUploads) {
  const hashes = new Map()
  let manifestText = null
  const extract = tar.extract()
  extract.on('entry', (header, stream, next) => {
    const work = async () => {
      if (header.type !== 'file') return drain(stream)
      if (header.name === 'manifest.json') {
        manifestText = (await drain(stream, { keep: true, limit: MAX_MANIFEST_BYTES })).toString('utf8')
      } else if (header.name === 'database.db' || header.name === 'database.dump') {
        hashes.set(header.name, await copyHashing(stream, fs.createWriteStream(stagedDatabase)))
      } else if (header.name.startsWith('uploads/')) {
        const relative = header.name.slice('uploads/'.length)
        const target = path.join(stagedUploads, ...uploadPath(relative))
        fs.mkdirSync(path.dirname(target), { recursive: true })
        hashes.set(relative, await copyHashing(stream, fs.createWriteStream(target)))
      } else {
        await drain(stream)
      }
    }
    work().then(
      () => next(),
      (error) => extract.destroy(error),
    )
  })
  await pipeline(fs.createReadStream(file), zlib.createGunzip(), extract)
  return { hashes, manifestText }
}

// Staging on the same disk as the final place where there is one (a rename puts a file there): next to the SQLite
// file and inside the uploads folder; the temporary folder for a dump pg_restore reads, or objects sent to a bucket.
if (!postgres) fs.mkdirSync(path.dirname(databaseFile), { recursive: true })
if (local) fs.mkdirSync(storage.config.root, { recursive: true })
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-restore-'))
const stagedDatabase = postgres ? path.join(work, 'database.dump') : `${databaseFile}.restoring`
const stagedUploads = local ? fs.mkdtempSync(path.join(storage.config.root, '.restoring-')) : path.join(work, 'uploads')
try {
  const { hashes, manifestText } = await extractInto(stagedDatabase, stagedUploads)
  const manifest = manifestText ? JSON.parse(manifestText) : null
  const dumped = (manifest?.database ?? 'sqlite') === 'postgresql'
  const databaseEntry = dumped ? 'database.dump' : 'database.db'
  if (!manifest || !hashes.has(databaseEntry))
    throw new Error(`not a Balai Desa backup: manifest.json or ${databaseEntry} is missing`)
  if (dumped !== postgres) {
    throw new Error(
      dumped
        ? 'this is a PostgreSQL backup: set DATABASE_URL to a PostgreSQL database to restore it'
        : 'this is a SQLite backup: restore it into a SQLite install, then move it with npm run migrate-data',
    )
  }
  if (hashes.get(databaseEntry) !== manifest.database_sha256)
    throw new Error(`${databaseEntry} does not match the manifest`)
  const uploads = Object.entries(manifest.files)
  for (const [relative, hash] of uploads) {
    uploadPath(relative)
    if (hashes.get(relative) !== hash) throw new Error(`uploads/${relative} is missing or does not match the manifest`)
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
  for (const [relative] of uploads) {
    const [kind, name] = uploadPath(relative)
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
