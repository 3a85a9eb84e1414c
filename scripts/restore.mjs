// `npm run restore -- FILE`: brings a backup archive back into an empty install (no database yet, or one
// without users), checking every file against the archive's manifest. Stop the server first.
// The archive is streamed: each entry goes to a staging file next to its place (hashed on the way), so a backup
// larger than memory restores; nothing is moved into place until the manifest has vouched for every file.
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import Database from 'better-sqlite3'
import tar from 'tar-stream'
import { copyHashing, locations, rowCounts, UPLOAD_KINDS } from './backup-lib.mjs'

const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'))
const force = process.argv.includes('--force')
if (!file || !fs.existsSync(file)) {
  console.error('usage: npm run restore -- path/to/backup.tar.gz [--force]')
  process.exit(1)
}
const { databaseFile, uploadsDir } = locations()

function isEmptyInstall() {
  if (!fs.existsSync(databaseFile)) return true
  const db = new Database(databaseFile, { readonly: true })
  try {
    const hasUsers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'users'").get()
    return !hasUsers || Number(db.prepare('SELECT COUNT(*) AS n FROM users').get().n) === 0
  } finally {
    db.close()
  }
}

if (!isEmptyInstall() && !force) {
  console.error(`[restore] ${databaseFile} already holds a site; restore only into an empty install (or pass --force to replace it)`)
  process.exit(1)
}

/** `kind/name` of an upload, or an error: only the five folders, one plain file name each. */
function uploadPath(relative) {
  const [kind, name, ...rest] = relative.split('/')
  if (!UPLOAD_KINDS.includes(kind) || !name || rest.length || name !== path.basename(name) || name.startsWith('.')) {
    throw new Error(`unexpected path uploads/${relative}`)
  }
  return path.join(kind, name)
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

/** Reads the archive into staging: the database to `stagedDatabase`, uploads under `stagedUploads`. */
async function extractInto(stagedDatabase, stagedUploads) {
  const hashes = new Map()
  let manifestText = null
  const extract = tar.extract()
  extract.on('entry', (header, stream, next) => {
    const work = async () => {
      if (header.type !== 'file') return drain(stream)
      if (header.name === 'manifest.json') {
        manifestText = (await drain(stream, { keep: true, limit: MAX_MANIFEST_BYTES })).toString('utf8')
      } else if (header.name === 'database.db') {
        hashes.set('database.db', await copyHashing(stream, fs.createWriteStream(stagedDatabase)))
      } else if (header.name.startsWith('uploads/')) {
        const relative = header.name.slice('uploads/'.length)
        const target = path.join(stagedUploads, uploadPath(relative))
        fs.mkdirSync(path.dirname(target), { recursive: true })
        hashes.set(relative, await copyHashing(stream, fs.createWriteStream(target)))
      } else {
        await drain(stream)
      }
    }
    work().then(() => next(), (error) => extract.destroy(error))
  })
  await pipeline(fs.createReadStream(file), zlib.createGunzip(), extract)
  return { hashes, manifestText }
}

fs.mkdirSync(path.dirname(databaseFile), { recursive: true })
fs.mkdirSync(uploadsDir, { recursive: true })
const stagedDatabase = `${databaseFile}.restoring`
// Next to the uploads folder, so moving a file into place is a rename on the same disk.
const stagedUploads = fs.mkdtempSync(path.join(uploadsDir, '.restoring-'))
try {
  const { hashes, manifestText } = await extractInto(stagedDatabase, stagedUploads)
  const manifest = manifestText ? JSON.parse(manifestText) : null
  if (!manifest || !hashes.has('database.db')) throw new Error('not a Balai Desa backup: manifest.json or database.db is missing')
  if (hashes.get('database.db') !== manifest.database_sha256) throw new Error('database.db does not match the manifest')
  const uploads = Object.entries(manifest.files)
  for (const [relative, hash] of uploads) {
    uploadPath(relative)
    if (hashes.get(relative) !== hash) throw new Error(`uploads/${relative} is missing or does not match the manifest`)
  }

  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(databaseFile + suffix, { force: true })
  fs.renameSync(stagedDatabase, databaseFile)
  for (const [relative] of uploads) {
    const target = path.join(uploadsDir, uploadPath(relative))
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.renameSync(path.join(stagedUploads, uploadPath(relative)), target)
  }

  const db = new Database(databaseFile)
  const counts = rowCounts(db)
  db.close()
  for (const [table, count] of Object.entries(manifest.rows)) {
    if (counts[table] !== count) throw new Error(`restored ${table} has ${counts[table]} rows, the backup ${count}`)
  }
  console.log(`[restore] ${databaseFile} and ${uploads.length} files restored from ${file}`)
} catch (error) {
  console.error(`[restore] ${error.message}`)
  process.exitCode = 1
} finally {
  fs.rmSync(stagedUploads, { recursive: true, force: true })
  fs.rmSync(stagedDatabase, { force: true })
}
