import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { migrate, SQLITE_MIGRATIONS, sqliteUpToDate } from '../../scripts/migrate.mjs'
import { ensureTemplateDb, onPostgres } from '../support/server'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-migrate-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

/** A copy of the migrated template, changed by `change` (SQL on the copy), and whether it reads as up to date. */
async function copyWith(name: string, change?: string) {
  const file = path.join(work, `${name}.db`)
  fs.copyFileSync(await ensureTemplateDb(), file)
  if (change) {
    const db = new Database(file)
    db.exec(change)
    db.close()
  }
  return file
}

describe.skipIf(onPostgres())('npm start on SQLite skips the Prisma CLI when nothing is pending', () => {
  it('reads a database with every committed migration as up to date', async () => {
    expect(sqliteUpToDate(await copyWith('current'))).toBe(true)
  })

  it('sends anything else to prisma migrate deploy: missing, empty, pending, failed, changed or unknown', async () => {
    const last = fs
      .readdirSync(SQLITE_MIGRATIONS)
      .filter((entry) => fs.statSync(path.join(SQLITE_MIGRATIONS, entry)).isDirectory())
      .sort()
      .at(-1)
    expect(sqliteUpToDate(path.join(work, 'missing.db'))).toBe(false)
    const empty = path.join(work, 'empty.db')
    new Database(empty).close()
    expect(sqliteUpToDate(empty)).toBe(false)
    const cases = {
      pending: `DELETE FROM _prisma_migrations WHERE migration_name = '${last}'`,
      failed: `UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = '${last}'`,
      rolledBack: `UPDATE _prisma_migrations SET rolled_back_at = finished_at WHERE migration_name = '${last}'`,
      changed: `UPDATE _prisma_migrations SET checksum = 'x' WHERE migration_name = '${last}'`,
      unknown:
        'INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count) ' +
        "VALUES ('x', 'x', '29991231000000_newer', 0, 0, 1)",
    }
    for (const [name, change] of Object.entries(cases))
      expect(sqliteUpToDate(await copyWith(name, change)), name).toBe(false)
  })

  it('still migrates a new database through prisma migrate deploy, and then reads it as up to date', async () => {
    const file = path.join(work, 'new', 'site.db')
    expect(sqliteUpToDate(file)).toBe(false)
    await migrate({ ...process.env, DATABASE_URL: `file:${file}` })
    expect(sqliteUpToDate(file)).toBe(true)
    const db = new Database(file, { readonly: true })
    const names = db.prepare('SELECT migration_name FROM _prisma_migrations ORDER BY migration_name').all()
    db.close()
    expect(names.map((row) => (row as { migration_name: string }).migration_name)).toEqual(
      fs
        .readdirSync(SQLITE_MIGRATIONS)
        .filter((entry) => fs.statSync(path.join(SQLITE_MIGRATIONS, entry)).isDirectory())
        .sort(),
    )
  }, 60_000)
})
