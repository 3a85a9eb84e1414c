import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'

/**
 * The committed SQLite migrations (prisma/migrations), applied in this process: the villages of a regency install
 * (decision 055) are hundreds of files, and the Prisma CLI costs about 2 s a run. Each folder once, in order, in a
 * transaction, recorded in `_prisma_migrations` as `prisma migrate deploy` records it (its table, its SHA-256
 * checksum), so the CLI and scripts/migrate.mjs's `sqliteUpToDate` agree with what this wrote.
 */
export const SQLITE_MIGRATIONS = findMigrations(path.dirname(fileURLToPath(import.meta.url)))

/** prisma/migrations in the nearest folder above `from` that has one: core/ itself, or the build that bundles it. */
function findMigrations(from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'prisma', 'migrations')
    if (fs.existsSync(candidate)) return candidate
    if (path.dirname(dir) === dir) return path.join(from, '..', 'prisma', 'migrations')
  }
}

const TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`

/** The committed migrations of `dir`, oldest first: [{ name, sql, checksum }]. */
export function migrationsIn(dir = SQLITE_MIGRATIONS) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8')
      return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') }
    })
}

/** Prisma's way of writing a time in that table: `2026-11-27T07:55:35.711+00:00`. */
const stamp = () => new Date().toISOString().replace('Z', '+00:00')

/**
 * Brings the SQLite file `file` (created when missing) up to the committed migrations; returns the names applied.
 * Throws, naming the migration, when one fails (it is rolled back), when a recorded migration's file has changed
 * since, or when the file holds migrations this code does not know (a newer version's) or a failed one.
 */
export function migrateSqliteFile(file, { dir = SQLITE_MIGRATIONS, migrations = migrationsIn(dir) } = {}) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const db = new Database(file, { timeout: 10_000 })
  try {
    db.pragma('journal_mode = WAL')
    // A migration that rebuilds a table frees the old one's pages: zeroed, as every writing connection's (decision 061).
    db.pragma('secure_delete = ON')
    db.exec(TABLE)
    const recorded = db
      .prepare('SELECT migration_name AS name, checksum, finished_at, rolled_back_at FROM _prisma_migrations')
      .all()
      .filter((row) => row.rolled_back_at === null)
    const known = new Map(migrations.map((migration) => [migration.name, migration]))
    for (const row of recorded) {
      if (row.finished_at === null) throw new Error(`migration ${row.name} failed earlier and was never finished`)
      if (!known.has(row.name))
        throw new Error(`the database holds migration ${row.name}, which this code does not know (a newer version's)`)
      if (known.get(row.name).checksum !== row.checksum)
        throw new Error(`migration ${row.name} was changed after it was applied (never edit an applied migration)`)
    }
    const done = new Set(recorded.map((row) => row.name))
    const applied = []
    // A migration that rebuilds a table drops and recreates it: with the foreign keys checked, that would delete or
    // refuse the rows pointing at it. They are checked once, at the end of each migration, as Prisma does.
    db.pragma('foreign_keys = OFF')
    const record = db.prepare(
      'INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count) ' +
        'VALUES (?, ?, ?, ?, ?, 1)',
    )
    for (const { name, sql, checksum } of migrations) {
      if (done.has(name)) continue
      const started = stamp()
      try {
        db.transaction(() => {
          db.exec(sql)
          const broken = db.pragma('foreign_key_check')
          if (broken.length) throw new Error(`${broken.length} row(s) point at rows that are not there`)
          record.run(crypto.randomUUID(), checksum, stamp(), name, started)
        })()
      } catch (error) {
        throw new Error(`migration ${name} failed and was rolled back: ${error.message}`)
      }
      applied.push(name)
    }
    return applied
  } finally {
    db.close()
  }
}
