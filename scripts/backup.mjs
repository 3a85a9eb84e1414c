// `npm run backup [-- --out FILE] [--village SLUG]`: one archive with a consistent snapshot of the database (with
// REGENCY_HOST, of the village --village names), taken while the site keeps running (SQLite's online backup API, or
// pg_dump's custom format on PostgreSQL), and every upload (local folder or S3 bucket). Prints the archive's path.
// Every file is streamed into the archive (hashed on the way), so a site larger than memory backs up.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { locationsOrExit, pgRowCounts, rowCounts, runPgTool, snapshotSqlite, writeArchive } from './backup-lib.mjs'

const where = locationsOrExit('backup')
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

  const manifest = await writeArchive({
    out,
    snapshot,
    database: postgres ? 'postgresql' : 'sqlite',
    counts,
    storage,
  })
  const rows = Object.values(counts).reduce((a, b) => a + b, 0)
  console.log(`[backup] ${out} (${rows} rows, ${Object.keys(manifest.files).length} files)`)
} catch (error) {
  console.error(`[backup] failed: ${error.message}`)
  process.exitCode = 1
} finally {
  fs.rmSync(work, { recursive: true, force: true })
}
