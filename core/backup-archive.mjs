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
