// `npm run backup [-- --out FILE]`: one archive with a consistent snapshot of the database, taken while the site keeps
// running (SQLite's online backup API, or pg_dump's custom format on PostgreSQL), and every upload (local folder or
// S3 bucket). Prints the archive's path.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import Database from 'better-sqlite3'
import tar from 'tar-stream'
import { locations, pgRowCounts, rowCounts, runPgTool, sha256, snapshotSqlite, uploadFiles } from './backup-lib.mjs'

const { postgres, databaseUrl, databaseFile, storage } = locations()
const outIndex = process.argv.indexOf('--out')
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
const out = path.resolve(outIndex > 0 ? process.argv[outIndex + 1] : `backups/balai-desa-${stamp}.tar.gz`)

if (!postgres && !fs.existsSync(databaseFile)) {
  console.error(`[backup] no database at ${databaseFile}`)
  process.exit(1)
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-backup-'))
try {
  let snapshot
  let counts
  if (postgres) {
    // pg_dump reads one transaction's snapshot: consistent while the site keeps writing. Counted from the same
    // database just before; a write in between shows as a difference at restore time, never as a torn dump.
    snapshot = path.join(work, 'database.dump')
    counts = await pgRowCounts(databaseUrl)
    runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', snapshot, '--dbname', databaseUrl])
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
    database_sha256: sha256(fs.readFileSync(snapshot)),
    files: {},
  }
  const pack = tar.pack()
  fs.mkdirSync(path.dirname(out), { recursive: true })
  const partial = `${out}.partial`
  const written = pipeline(pack, zlib.createGzip(), fs.createWriteStream(partial))
  const add = (name, buffer) => new Promise((resolve, reject) => pack.entry({ name, mode: 0o644 }, buffer, (error) => (error ? reject(error) : resolve())))
  await add(path.basename(snapshot), fs.readFileSync(snapshot))
  for (const [kind, name] of files) {
    const buffer = await storage.read(kind, name)
    if (!buffer) continue // removed since it was listed
    manifest.files[`${kind}/${name}`] = sha256(buffer)
    await add(`uploads/${kind}/${name}`, buffer)
  }
  await add('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)))
  pack.finalize()
  await written
  fs.renameSync(partial, out)
  const rows = Object.values(counts).reduce((a, b) => a + b, 0)
  console.log(`[backup] ${out} (${rows} rows, ${files.length} files)`)
} finally {
  fs.rmSync(work, { recursive: true, force: true })
}
