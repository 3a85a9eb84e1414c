// `npm run restore -- FILE [--village SLUG]`: brings a backup archive back into an empty install (no database yet,
// or one without users), checking every file against the archive's manifest. Stop the server first. With
// REGENCY_HOST, --village names the village (made in the console first) whose database and uploads it replaces, and
// without it FILE is a whole-install archive of `npm run backup` (scripts/backup-install.mjs). A SQLite backup
// restores into a SQLite DATABASE_URL, a PostgreSQL one (pg_restore) into a PostgreSQL DATABASE_URL (to move a SQLite
// village to PostgreSQL, use `npm run migrate-data`); a village of a regency on PostgreSQL takes a SQLite archive, its
// rows copied into the village's schema. Uploads go to the configured storage (folder or S3). The archive
// is streamed: each entry goes to a staging file (hashed on the way), so a backup larger than memory restores; nothing
// is put in place until the manifest has vouched for every file. Unpacking stops at 4 times IMPORT_MAX_MB, and a SQLite
// archive's database is rebuilt row by row into a freshly migrated file, as the console's import does (decision 063).
import fs from 'node:fs'
import Database from 'better-sqlite3'
import { quoteSchema } from '../core/postgres-migrations.mjs'
import { locationsOrExit, restoreSite, schemaHoldsSite, withPostgres } from './backup-lib.mjs'
import { restoreInstall } from './backup-install.mjs'

const args = process.argv.slice(2)
const file = args.find((arg, at) => !arg.startsWith('--') && args[at - 1] !== '--village')
const force = process.argv.includes('--force')
if (!file || !fs.existsSync(file)) {
  console.error('usage: npm run restore -- path/to/backup.tar.gz [--village SLUG] [--force]')
  process.exit(1)
}
const where = await locationsOrExit('restore')

if (where.install) {
  try {
    process.exitCode = await restoreInstall(where.install, file, { force })
  } catch (error) {
    console.error(`[restore] ${error.message}`)
    process.exitCode = 1
  }
  process.exit()
}

const { postgres, databaseUrl, databaseFile, schema } = where
/** What the messages call the database restored into. */
const target = schema ? `the schema ${schema}` : postgres ? 'the PostgreSQL database' : databaseFile

async function isEmptyInstall() {
  if (postgres) {
    // A village's schema of a regency's database (decision 055), or the database's own `public`.
    return withPostgres(databaseUrl, async (client) => {
      if (!(await schemaHoldsSite(client, schema ?? 'public'))) return true
      const users = `${quoteSchema(schema ?? 'public')}."users"`
      return Number((await client.query(`SELECT COUNT(*) AS n FROM ${users}`)).rows[0].n) === 0
    })
  }
  if (!fs.existsSync(databaseFile)) return true
  const db = new Database(databaseFile, { readonly: true })
  try {
    const hasUsers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'users'").get()
    return !hasUsers || Number(db.prepare('SELECT COUNT(*) AS n FROM users').get().n) === 0
  } finally {
    db.close()
  }
}

if (!(await isEmptyInstall()) && !force) {
  console.error(
    `[restore] ${postgres && !schema ? 'the database' : target} already holds a site; ` +
      `restore only into an empty install (or pass --force to replace it)`,
  )
  process.exit(1)
}

try {
  const files = await restoreSite(file, where, { replace: force })
  console.log(`[restore] ${target} and ${files} files restored from ${file}`)
} catch (error) {
  console.error(`[restore] ${error.message}`)
  process.exitCode = 1
}
