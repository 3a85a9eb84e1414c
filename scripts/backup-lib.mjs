// Shared by `npm run backup` and `npm run restore`: one .tar.gz with manifest.json, database.db and uploads/.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export const UPLOAD_KINDS = ['posts', 'products', 'photos', 'sliders', 'aparaturs']

/** Reads .env like the server does, then DATABASE_URL and UPLOADS_DIR with the same defaults. */
export function locations() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env')
  const url = process.env.DATABASE_URL || 'file:./data/balai-desa.db'
  return {
    databaseFile: path.resolve(url.replace(/^file:/, '').split('?')[0]),
    uploadsDir: path.resolve(process.env.UPLOADS_DIR || './uploads'),
  }
}

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

/** Every stored upload as [relative path, absolute path]. */
export function uploadFiles(uploadsDir) {
  const files = []
  for (const kind of UPLOAD_KINDS) {
    const dir = path.join(uploadsDir, kind)
    if (!fs.existsSync(dir)) continue
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name)
      // A file deleted since the listing (the site keeps running) is simply not there any more.
      if (fs.statSync(full, { throwIfNoEntry: false })?.isFile()) files.push([`${kind}/${name}`, full])
    }
  }
  return files
}

/** Row counts of every table of the app (not Prisma's migration table). */
export function rowCounts(db) {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != '_prisma_migrations' ORDER BY name")
    .all()
    .map((row) => row.name)
  return Object.fromEntries(tables.map((name) => [name, Number(db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get().n)]))
}
