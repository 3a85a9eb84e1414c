// `npm run backup [-- --out FILE] [--village SLUG]`: one archive with a consistent snapshot of the database (with
// REGENCY_HOST, of the village --village names), taken while the site keeps running (SQLite's online backup API, or
// pg_dump's custom format on PostgreSQL), and every upload (local folder or S3 bucket). Prints the archive's path.
// Every file is streamed into the archive (hashed on the way), so a site larger than memory backs up.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import Database from 'better-sqlite3'
import tar from 'tar-stream'
import {
  copyHashing,
  locations,
  openForArchive,
  openUpload,
  pgRowCounts,
  rowCounts,
  runPgTool,
  snapshotSqlite,
  uploadFiles,
  villageArgument,
} from './backup-lib.mjs'

let where
try {
  where = locations({ village: villageArgument() })
} catch (error) {
  console.error(`[backup] ${error.message}`)
  process.exit(1)
}
const { postgres, databaseUrl, databaseFile, storage, village } = where
const outIndex = process.argv.indexOf('--out')
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
const out = path.resolve(
  outIndex > 0 ? process.argv[outIndex + 1] : `backups/balai-desa-${village ? `${village.slug}-` : ''}${stamp}.tar.gz`,
)

if (!postgres && !fs.existsSync(databaseFile)) {
  console.error(`[backup] no database at ${databaseFile}`)
  process.exit(1)
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-backup-'))
const partial = `${out}.partial`
try {
  let snapshot
  let counts
  if (postgres) {
    // pg_dump reads one transaction's snapshot: consistent while the site keeps writing. Counted from the same
    // database just before; a write in between shows as a difference at restore time, never as a torn dump.
    snapshot = path.join(work, 'database.dump')
    counts = await pgRowCounts(databaseUrl)
    runPgTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      '--file',
      snapshot,
      '--dbname',
      databaseUrl,
    ])
  } else {
    snapshot = path.join(work, 'database.db')
    await snapshotSqlite(databaseFile, snapshot)
    const copy = new Database(snapshot, { readonly: true })
    const integrity = copy.pragma('integrity_check', { simple: true })
    counts = rowCounts(copy)
    copy.close()
    if (integrity !== 'ok') throw new Error(`snapshot failed integrity_check: ${integrity}`)
  }

  const files = await uploadFiles(storage)
  const manifest = {
    format: 1,
    database: postgres ? 'postgresql' : 'sqlite',
    created_at: new Date().toISOString(),
    rows: counts,
    database_sha256: '',
    files: {},
  }
  const pack = tar.pack()
  fs.mkdirSync(path.dirname(out), { recursive: true })
  const written = pipeline(pack, zlib.createGzip(), fs.createWriteStream(partial))
  /** Streams an opened file into the archive and returns its hash; null when it was deleted meanwhile. */
  const add = async (name, opened) =>
    opened ? copyHashing(opened.stream, pack.entry({ name, size: opened.size, mode: 0o644 })) : null
  manifest.database_sha256 = await add(path.basename(snapshot), await openForArchive(snapshot))
  for (const [kind, name] of files) {
    const hash = await add(`uploads/${kind}/${name}`, await openUpload(storage, kind, name))
    if (hash) manifest.files[`${kind}/${name}`] = hash
  }
  // Last: restore reads it after the files, and checks each of them against it before anything is replaced.
  await new Promise((resolve, reject) =>
    pack.entry({ name: 'manifest.json', mode: 0o644 }, Buffer.from(JSON.stringify(manifest, null, 2)), (error) =>
      error ? reject(error) : resolve(),
    ),
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
