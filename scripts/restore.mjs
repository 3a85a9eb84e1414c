// `npm run restore -- FILE`: brings a backup archive back into an empty install (no database yet, or one
// without users), checking every file against the archive's manifest. Stop the server first.
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import Database from 'better-sqlite3'
import tar from 'tar-stream'
import { locations, rowCounts, sha256, UPLOAD_KINDS } from './backup-lib.mjs'

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
const database = entries.get('database.db')
if (!manifest || !database) throw new Error('not a Balai Desa backup: manifest.json or database.db is missing')
if (sha256(database) !== manifest.database_sha256) throw new Error('database.db does not match the manifest')
const uploads = Object.entries(manifest.files)
for (const [relative, hash] of uploads) {
  const [kind, name, ...rest] = relative.split('/')
  if (!UPLOAD_KINDS.includes(kind) || !name || rest.length || name !== path.basename(name)) throw new Error(`unexpected path ${relative}`)
  const buffer = entries.get(`uploads/${relative}`)
  if (!buffer || sha256(buffer) !== hash) throw new Error(`uploads/${relative} is missing or does not match the manifest`)
}

fs.mkdirSync(path.dirname(databaseFile), { recursive: true })
for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(databaseFile + suffix, { force: true })
const staged = `${databaseFile}.restoring`
fs.writeFileSync(staged, database)
fs.renameSync(staged, databaseFile)
for (const [relative] of uploads) {
  const target = path.join(uploadsDir, relative)
  fs.mkdirSync(path.dirname(target), { recursive: true })
  fs.writeFileSync(target, entries.get(`uploads/${relative}`))
}

const db = new Database(databaseFile)
const counts = rowCounts(db)
db.close()
for (const [table, count] of Object.entries(manifest.rows)) {
  if (counts[table] !== count) throw new Error(`restored ${table} has ${counts[table]} rows, the backup ${count}`)
}
console.log(`[restore] ${databaseFile} and ${uploads.length} files restored from ${file}`)
