// The backup archive (`npm run backup`, and the regency's export of a village: decision 055): one .tar.gz with
// manifest.json, the database (database.db for SQLite, database.dump in pg_dump's custom format for PostgreSQL) and
// uploads/. `npm run restore` reads it (scripts/restore.mjs).
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import Database from 'better-sqlite3'
import tar from 'tar-stream'
import { STORED_KINDS } from './storage.mjs'

/**
 * Streams `source` into `target` (a tar entry, a file being restored) and resolves with the SHA-256 of what went
 * through: files of any size pass without being held in memory.
 */
export async function copyHashing(source, target) {
  const hash = crypto.createHash('sha256')
  const tap = new Transform({
    transform(chunk, _encoding, callback) {
      hash.update(chunk)
      callback(null, chunk)
    },
  })
  await pipeline(source, tap, target)
  return hash.digest('hex')
}

export const sha256 = (buffer) => crypto.createHash('sha256').update(buffer).digest('hex')

/**
 * Copies the SQLite database `file` to `target` with SQLite's online backup API, which copies pages under SQLite's
 * own locking: a consistent snapshot while the site keeps writing, never a torn file.
 */
export async function snapshotSqlite(file, target) {
  const live = new Database(file, { fileMustExist: true, timeout: 10_000 })
  try {
    await live.backup(target)
  } finally {
    live.close()
  }
}

/**
 * A file to stream into the archive: `{ size, stream }`, or null when it is gone (the site keeps running while
 * it is backed up; a file opened before its deletion stays whole). A local upload is streamed from disk; an object
 * of a bucket is one upload (10 MB at most), read whole.
 */
export async function openForArchive(file) {
  const handle = await fs.promises.open(file).catch((error) => (error.code === 'ENOENT' ? null : Promise.reject(error)))
  if (!handle) return null
  const { size } = await handle.stat()
  return { size, stream: handle.createReadStream() }
}

export async function openUpload(storage, kind, name) {
  if (storage.config.kind === 'local') return openForArchive(path.join(storage.config.root, kind, name))
  const buffer = await storage.read(kind, name)
  return buffer ? { size: buffer.length, stream: Readable.from([buffer]) } : null
}

/** Every stored upload as [kind, name], in the local folder or the bucket. */
export async function uploadFiles(storage) {
  const files = []
  for (const kind of STORED_KINDS) for (const name of await storage.list(kind)) files.push([kind, name])
  return files
}

/** Row counts of every table of the app (not Prisma's migration table). */
export function rowCounts(db) {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' " +
        "AND name != '_prisma_migrations' ORDER BY name",
    )
    .all()
    .map((row) => row.name)
  return Object.fromEntries(
    tables.map((name) => [name, Number(db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get().n)]),
  )
}

/**
 * Writes the archive `out` (through `out.partial`, renamed once whole): `snapshot` (a file: database.db or
 * database.dump), every upload of `storage`, each hashed on the way, and last the manifest that vouches for them
 * (restore reads it after the files and checks each before anything is replaced). Resolves with the manifest.
 */
export async function writeArchive({ out, snapshot, database, counts, storage }) {
  const files = await uploadFiles(storage)
  const manifest = {
    format: 1,
    database,
    created_at: new Date().toISOString(),
    rows: counts,
    database_sha256: '',
    files: {},
  }
  const partial = `${out}.partial`
  const pack = tar.pack()
  fs.mkdirSync(path.dirname(out), { recursive: true })
  const written = pipeline(pack, zlib.createGzip(), fs.createWriteStream(partial))
  try {
    /** Streams an opened file into the archive and returns its hash; null when it was deleted meanwhile. */
    const add = async (name, opened) =>
      opened ? copyHashing(opened.stream, pack.entry({ name, size: opened.size, mode: 0o644 })) : null
    manifest.database_sha256 = await add(path.basename(snapshot), await openForArchive(snapshot))
    for (const [kind, name] of files) {
      const hash = await add(`uploads/${kind}/${name}`, await openUpload(storage, kind, name))
      if (hash) manifest.files[`${kind}/${name}`] = hash
    }
    await new Promise((resolve, reject) =>
      pack.entry({ name: 'manifest.json', mode: 0o644 }, Buffer.from(JSON.stringify(manifest, null, 2)), (error) =>
        error ? reject(error) : resolve(),
      ),
    )
    pack.finalize()
    await written
    fs.renameSync(partial, out)
    return manifest
  } catch (error) {
    pack.destroy()
    await written.catch(() => undefined)
    fs.rmSync(partial, { force: true })
    throw error
  }
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

/** How much unpacking an archive may write: 4 times the largest archive the import takes (decision 063). */
export const unpackLimit = (maxArchiveMb) => 4 * maxArchiveMb * 1024 * 1024

/** The error of an archive that unpacks to more than its limit (`code` ARCHIVE_TOO_LARGE): a gzip bomb, or too big. */
export class ArchiveTooLarge extends Error {
  code = 'ARCHIVE_TOO_LARGE'
  constructor(limit) {
    super(`the archive unpacks to more than ${Math.round(limit / (1024 * 1024))} MB`)
    this.limit = limit
  }
}

/**
 * Refuses an entry that is not a plain file (or a folder) with a plain relative name: no link of either kind, no
 * device or FIFO, no absolute path, no `.` or `..` segment, no backslash or NUL (decision 063).
 */
function checkEntry(header) {
  const name = String(header.name ?? '')
  const shown = JSON.stringify(name.slice(0, 120))
  if (header.type !== 'file' && header.type !== 'directory')
    throw new Error(`not a Balai Desa backup: the entry ${shown} is a ${header.type}, not a file`)
  const segments = (header.type === 'directory' ? name.replace(/\/$/, '') : name).split('/')
  if (
    name === '' ||
    name.startsWith('/') ||
    /[\\\0]/.test(name) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  )
    throw new Error(`not a Balai Desa backup: the entry name ${shown} is not a plain relative path`)
}

/**
 * Reads the archive `file` into staging: the database (`database.db` or `database.dump`) to `stagedDatabase`, uploads
 * under `stagedUploads`. What it unpacks is counted, tar's own headers included, and refused (ArchiveTooLarge) as soon
 * as it passes `maxBytes`: an entry whose declared size would pass it before a byte of it is written.
 */
async function extractInto(file, stagedDatabase, stagedUploads, maxBytes) {
  const hashes = new Map()
  let manifestText = null
  let declared = 0
  let unpacked = 0
  const counted = new Transform({
    transform(chunk, _encoding, callback) {
      unpacked += chunk.length
      callback(unpacked > maxBytes ? new ArchiveTooLarge(maxBytes) : null, chunk)
    },
  })
  const extract = tar.extract()
  let working = Promise.resolve()
  extract.on('entry', (header, stream, next) => {
    // An entry refused before it is read fails with the extraction: its own error is the same one, already handled.
    stream.on('error', () => undefined)
    const work = async () => {
      checkEntry(header)
      declared += Number(header.size ?? 0)
      if (declared > maxBytes) throw new ArchiveTooLarge(maxBytes)
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
    working = work().then(
      () => next(),
      (error) => extract.destroy(error),
    )
  })
  try {
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), counted, extract)
  } catch (error) {
    // The entry being written is closed before the caller removes the staging (no file appears after its removal).
    await working.catch(() => undefined)
    throw error
  }
  return { hashes, manifestText }
}

/**
 * Reads and checks the archive `file` (`npm run restore`, the regency's import): the database to `stagedDatabase`,
 * uploads under `stagedUploads/{kind}/{name}`, each checked against the manifest. Resolves with the manifest
 * (`database`: `sqlite` or `postgresql`) and the uploads as [kind, name]; throws, saying why, for anything that is
 * not a whole archive of ours (not gzip, not tar, no manifest, a file missing or changed, an unexpected path, an
 * entry that is a link or a device or whose name leaves its folder), and with ArchiveTooLarge for one that unpacks to
 * more than `maxBytes` (unpackLimit). The caller removes the staging after an error: what was written so far.
 */
export async function readArchive(file, { stagedDatabase, stagedUploads, maxBytes }) {
  if (!(maxBytes > 0)) throw new Error('readArchive needs maxBytes: how much unpacking may write')
  const { hashes, manifestText } = await extractInto(file, stagedDatabase, stagedUploads, maxBytes)
  let manifest = null
  try {
    manifest = manifestText ? JSON.parse(manifestText) : null
  } catch {
    throw new Error('not a Balai Desa backup: manifest.json is not JSON')
  }
  if (manifest !== null && (typeof manifest !== 'object' || typeof manifest.files !== 'object' || !manifest.files))
    throw new Error('not a Balai Desa backup: manifest.json is not one of ours')
  const dumped = (manifest?.database ?? 'sqlite') === 'postgresql'
  const databaseEntry = dumped ? 'database.dump' : 'database.db'
  if (!manifest || !hashes.has(databaseEntry))
    throw new Error(`not a Balai Desa backup: manifest.json or ${databaseEntry} is missing`)
  if (hashes.get(databaseEntry) !== manifest.database_sha256)
    throw new Error(`${databaseEntry} does not match the manifest`)
  const uploads = []
  for (const [relative, hash] of Object.entries(manifest.files)) {
    uploads.push(uploadPath(relative))
    if (hashes.get(relative) !== hash) throw new Error(`uploads/${relative} is missing or does not match the manifest`)
  }
  return { manifest: { ...manifest, database: dumped ? 'postgresql' : 'sqlite' }, uploads }
}
