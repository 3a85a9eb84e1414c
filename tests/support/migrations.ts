import fs from 'node:fs'
import path from 'node:path'
import type Database from 'better-sqlite3'

/** Applies the committed migrations, in order, to `db`: the tables, indexes and triggers of a real site. */
export function applyMigrations(db: Database.Database) {
  const dir = path.resolve(__dirname, '../../prisma/migrations')
  for (const name of fs
    .readdirSync(dir)
    .filter((entry) => /^\d+_/.test(entry))
    .sort()) {
    db.exec(fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8'))
  }
}
