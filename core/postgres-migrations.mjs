import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { migrationsIn } from './sqlite-migrations.mjs'
import { MIGRATION_LOCK } from './registry.mjs'

/**
 * The committed PostgreSQL migrations (prisma/postgresql/migrations), applied by our own short runner, because
 * `prisma migrate deploy` through @prisma/adapter-pg fails (docs/decisions/009-postgresql-through-adapter-pg.md): each
 * folder once, in order, in a transaction, recorded with its SHA-256 in `_balai_migrations`; a recorded migration
 * whose file has changed since stops everything. An advisory lock makes instances that start together migrate one at
 * a time.
 *
 * With a `schema` (many villages in one install, decision 055: `village_{id}`, `regency`), everything is made in that
 * schema: the connection's `search_path` is the schema, then the schema of the extensions (pg_trgm, made once per
 * database in `extensions` unless it is already installed elsewhere), so the migrations' unqualified names land in
 * the village's schema and its trigram operator classes are found.
 */
export const POSTGRES_MIGRATIONS = findMigrations(path.dirname(fileURLToPath(import.meta.url)))

function findMigrations(from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'prisma', 'postgresql', 'migrations')
    if (fs.existsSync(candidate)) return candidate
    if (path.dirname(dir) === dir) return path.join(from, '..', 'prisma', 'postgresql', 'migrations')
  }
}

/**
 * Runs `work` on a connection of its own to the PostgreSQL database `url`, closed afterwards.
 * @template T
 * @param {string} url
 * @param {(client: pg.Client) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withPostgres(url, work) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** A schema name of ours (`village_{16 hex}`, `regency`), quoted; anything else is refused. */
export function quoteSchema(schema) {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`not a schema name of ours: ${schema}`)
  return `"${schema}"`
}

/**
 * The schema holding pg_trgm: made in `extensions` when the database has none yet. Returns its name, for the
 * `search_path` of every village's connection.
 */
export async function extensionSchema(client) {
  const found = async () =>
    (
      await client.query(
        "SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'",
      )
    ).rows[0]?.schema
  const existing = await found()
  if (existing) return existing
  await client.query('CREATE SCHEMA IF NOT EXISTS "extensions"')
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA "extensions"')
  return (await found()) ?? 'extensions'
}

/** The `search_path` of a schema's connections: the schema, then the extensions' (both quoted). */
export const searchPath = (schema, extensions) => `${quoteSchema(schema)}, "${extensions.replaceAll('"', '""')}"`

/**
 * Applies the committed migrations to `url` (its `public` schema, or `schema`, made if missing). Returns the names
 * applied.
 * @param {string} url
 * @param {{ dir?: string, schema?: string, log?: (message: string) => void, client?: pg.Client }} [options]
 * @returns {Promise<string[]>}
 */
export async function migratePostgres(url, { dir = POSTGRES_MIGRATIONS, schema, log, client: given } = {}) {
  const client = given ?? new pg.Client({ connectionString: url })
  if (!given) await client.connect()
  const appliedNow = []
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      if (schema) {
        const extensions = await extensionSchema(client)
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteSchema(schema)}`)
        await client.query(`SET search_path TO ${searchPath(schema, extensions)}`)
      }
      await client.query(`CREATE TABLE IF NOT EXISTS "_balai_migrations" (
      "name" TEXT PRIMARY KEY, "checksum" TEXT NOT NULL, "applied_at" TIMESTAMPTZ NOT NULL DEFAULT now())`)
      const applied = new Map(
        (await client.query('SELECT "name", "checksum" FROM "_balai_migrations"')).rows.map((row) => [
          row.name,
          row.checksum,
        ]),
      )
      const migrations = migrationsIn(dir)
      for (const { name, checksum } of migrations) {
        if (applied.has(name) && applied.get(name) !== checksum) {
          throw new Error(
            `Migration ${name} was changed after it was applied to this database: ` +
              `restore the committed file (never edit an applied migration; add a new one)`,
          )
        }
      }
      const known = new Set(migrations.map((m) => m.name))
      const unknown = [...applied.keys()].filter((name) => !known.has(name))
      if (unknown.length)
        throw new Error(
          `This database holds migrations this code does not know (${unknown.join(', ')}): it belongs to a newer version`,
        )
      for (const { name, sql, checksum } of migrations) {
        if (applied.has(name)) continue
        await client.query('BEGIN')
        try {
          await client.query(sql)
          await client.query('INSERT INTO "_balai_migrations" ("name", "checksum") VALUES ($1, $2)', [name, checksum])
          await client.query('COMMIT')
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined)
          throw new Error(`Migration ${name} failed and was rolled back: ${error.message}`)
        }
        appliedNow.push(name)
        log?.(`[migrate] applied ${name}${schema ? ` to ${schema}` : ''}`)
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
      if (schema) await client.query('RESET search_path').catch(() => undefined)
    }
  } finally {
    if (!given) await client.end().catch(() => undefined)
  }
  return appliedNow
}
