// Applies the committed migrations to DATABASE_URL. SQLite (`file:`): `prisma migrate deploy`, offline through the
// JS schema engine. PostgreSQL: our own short runner over prisma/postgresql/migrations, because `prisma migrate
// deploy` through @prisma/adapter-pg fails (core/postgres-migrations.mjs).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { log as logger } from '../core/log.mjs'
import { migrationsIn } from '../core/sqlite-migrations.mjs'
import { migratePostgres as migrateSchema, POSTGRES_MIGRATIONS } from '../core/postgres-migrations.mjs'

export { POSTGRES_MIGRATIONS }

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const DEFAULT_URL = 'file:./data/balai-desa.db'

export const isPostgresUrl = (url) => /^postgres(ql)?:\/\//i.test(url ?? '')

export function databaseFile(url = process.env.DATABASE_URL || DEFAULT_URL) {
  return path.resolve(url.replace(/^file:/, '').split('?')[0])
}

export const SQLITE_MIGRATIONS = path.join(root, 'prisma', 'migrations')

/**
 * Whether the SQLite file already holds every committed migration, as `prisma migrate deploy` recorded them: each
 * folder of prisma/migrations finished, not rolled back, with the SHA-256 of its file, and nothing else recorded (no
 * failed or unknown migration). Then there is nothing to deploy, and the start skips the Prisma CLI, which takes
 * about 2 s even when it has nothing to do. Anything else (a new file, a pending or failed migration, a changed
 * file) goes to `prisma migrate deploy`, which applies it or says what is wrong.
 */
export function sqliteUpToDate(file, dir = SQLITE_MIGRATIONS) {
  if (!fs.existsSync(file)) return false
  let db
  try {
    db = new Database(file, { readonly: true, fileMustExist: true })
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'").get()
    if (!table) return false
    const rows = db
      .prepare('SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations')
      .all()
    const committed = committedMigrations(dir)
    if (rows.length !== committed.length) return false
    const recorded = new Map(rows.map((row) => [row.migration_name, row]))
    return committed.every(({ name, checksum }) => {
      const row = recorded.get(name)
      return row && row.checksum === checksum && row.finished_at !== null && row.rolled_back_at === null
    })
  } catch {
    return false
  } finally {
    db?.close()
  }
}

/** Resolves once the database at env.DATABASE_URL holds every committed migration. */
export async function migrate(env = process.env) {
  const url = env.DATABASE_URL || DEFAULT_URL
  if (isPostgresUrl(url)) return migratePostgres(url)
  const file = databaseFile(url)
  if (sqliteUpToDate(file)) return
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/prisma/build/index.js'), 'migrate', 'deploy'],
    {
      cwd: root,
      env: { ...env, DATABASE_URL: `file:${file}`, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
      encoding: 'utf8',
    },
  )
  if (result.status !== 0) {
    logger.error(
      { event: 'migrate', output: (result.stdout + result.stderr).trim() },
      `prisma migrate deploy failed for ${file}`,
    )
    throw new Error(`Database migration failed for ${file}`)
  }
}

/** The committed migrations of `dir` (PostgreSQL unless told), oldest first: [{ name, sql, checksum }]. */
export const committedMigrations = (dir = POSTGRES_MIGRATIONS) => migrationsIn(dir)

/** Applies the PostgreSQL migrations (core/postgres-migrations.mjs), logging each one applied. */
export const migratePostgres = (
  url,
  { dir = POSTGRES_MIGRATIONS, schema, log = (message) => logger.info({ event: 'migrate' }, message) } = {},
) => migrateSchema(url, { dir, schema, log })

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (fs.existsSync('.env')) process.loadEnvFile('.env')
  try {
    // With REGENCY_HOST the server migrates the regency's and every village's database at start (decision 055).
    if (!process.env.REGENCY_HOST?.trim()) await migrate()
  } catch (error) {
    logger.fatal({ event: 'migrate' }, error.message)
    process.exit(1)
  }
}
