// `npm run backup [-- --out FILE]`: one archive with a consistent snapshot of the database, taken with SQLite's
// online backup API while the site keeps running, and every upload. Prints the archive's path. Every file is
// streamed into the archive (hashed on the way), so a site larger than memory backs up.
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import Database from 'better-sqlite3'
import tar from 'tar-stream'
import { copyHashing, locations, rowCounts, uploadFiles } from './backup-lib.mjs'

const { databaseFile, uploadsDir } = locations()
const outIndex = process.argv.indexOf('--out')
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
const out = path.resolve(outIndex > 0 ? process.argv[outIndex + 1] : `backups/balai-desa-${stamp}.tar.gz`)

if (!fs.existsSync(databaseFile)) {
  console.error(`[backup] no database at ${databaseFile}`)
  process.exit(1)
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-backup-'))
const partial = `${out}.partial`
try {
  const snapshot = path.join(work, 'database.db')
  const live = new Database(databaseFile, { fileMustExist: true, timeout: 10_000 })
  try {
    // The online backup copies pages under SQLite's own locking: a consistent snapshot, never a torn file.
    await live.backup(snapshot)
  } finally {
    live.close()
  }
  const copy = new Database(snapshot, { readonly: true })
  const integrity = copy.pragma('integrity_check', { simple: true })
  const counts = rowCounts(copy)
  copy.close()
  if (integrity !== 'ok') throw new Error(`snapshot failed integrity_check: ${integrity}`)

  const files = uploadFiles(uploadsDir)
  const manifest = { format: 1, created_at: new Date().toISOString(), rows: counts, database_sha256: '', files: {} }
  const pack = tar.pack()
  fs.mkdirSync(path.dirname(out), { recursive: true })
  const written = pipeline(pack, zlib.createGzip(), fs.createWriteStream(partial))
  /** Streams a file into the archive and returns its hash; null when it was deleted meanwhile (an open file stays whole). */
  const add = async (name, file) => {
    const handle = await fsp.open(file).catch((error) => (error.code === 'ENOENT' ? null : Promise.reject(error)))
    if (!handle) return null
    const { size } = await handle.stat()
    return copyHashing(handle.createReadStream(), pack.entry({ name, size, mode: 0o644 }))
  }
  manifest.database_sha256 = await add('database.db', snapshot)
  for (const [relative, full] of files) {
    const hash = await add(`uploads/${relative}`, full)
    if (hash) manifest.files[relative] = hash
  }
  // Last: restore reads it after the files, and checks each of them against it before anything is replaced.
  await new Promise((resolve, reject) =>
    pack.entry({ name: 'manifest.json', mode: 0o644 }, Buffer.from(JSON.stringify(manifest, null, 2)), (error) => (error ? reject(error) : resolve())),
  )
  pack.finalize()
  await written
  fs.renameSync(partial, out)
  const rows = Object.values(counts).reduce((a, b) => a + b, 0)
  console.log(`[backup] ${out} (${rows} rows, ${Object.keys(manifest.files).length} files)`)
} catch (error) {
  console.error(`[backup] failed: ${error.message}`)
  fs.rmSync(partial, { force: true })
  process.exitCode = 1
} finally {
  fs.rmSync(work, { recursive: true, force: true })
}
