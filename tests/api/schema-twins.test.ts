import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import {
  derivePostgresSchema,
  POSTGRES_MIGRATIONS,
  POSTGRES_SCHEMA,
  SQLITE_MIGRATIONS,
  SQLITE_SCHEMA,
} from '../../scripts/db-schema.mjs'
import { ensureTemplateDb, onPostgres, PG_TEMPLATE, pgAdminUrl, ROOT } from '../support/server'

// Both databases are made from one schema and two migration histories
// (docs/decisions/009-postgresql-through-adapter-pg.md): this file fails when they drift apart, and when a table misses
// the triggers that keep every cache honest (decision 009).

/**
 * Tables whose writes never change what a visitor sees and must not empty the caches: no data-version trigger.
 * sessions: a login or a device's last use (the session memo reads the session row itself on every request, so a
 * logout is still refused at once); recovery_codes, password_resets: read only at the moment they are used;
 * activities: the log is written with every change and read only by its own uncached screen; revisions,
 * preview_links: read only by the edit screen and the uncached preview; content_uploads,
 * data_migrations: the clean-up's and the start-up's own notes.
 */
const WITHOUT_VERSION_TRIGGER = new Set([
  'data_version',
  'login_failures',
  'pending_uploads',
  'content_uploads',
  'data_migrations',
  'report_throttle',
  'sessions',
  'recovery_codes',
  'password_resets',
  'activities',
  'revisions',
  'preview_links',
  '_prisma_migrations',
  '_balai_migrations',
])
/** Indexes written by hand for search, which Prisma's schema does not describe. */
const HAND_WRITTEN_INDEX = /_trgm_idx$|_fts/

const folders = (dir: string) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()

/** `prisma migrate diff --from-empty` for a schema: the SQL that makes it from nothing. */
function schemaScript(args: string[], databaseUrl: string): string {
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/prisma/build/index.js'), 'migrate', 'diff', '--from-empty', ...args, '--script'],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
      encoding: 'utf8',
    },
  )
  if (result.status !== 0) throw new Error(`prisma migrate diff failed: ${result.stdout}${result.stderr}`)
  return result.stdout
}

describe('one schema, two migration histories', () => {
  it('derives the PostgreSQL schema from the SQLite one (provider and client folder only)', () => {
    expect(fs.readFileSync(POSTGRES_SCHEMA, 'utf8')).toBe(derivePostgresSchema(fs.readFileSync(SQLITE_SCHEMA, 'utf8')))
  })

  it('has a PostgreSQL twin of the same name for every SQLite migration, and no other', () => {
    const sqlite = folders(SQLITE_MIGRATIONS)
    expect(sqlite.length).toBeGreaterThan(0)
    expect(folders(POSTGRES_MIGRATIONS)).toEqual(sqlite)
    for (const name of sqlite)
      expect(fs.existsSync(path.join(POSTGRES_MIGRATIONS, name, 'migration.sql')), name).toBe(true)
  })
})

describe.skipIf(onPostgres())('the SQLite migrations', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-twins-'))
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

  /** Tables with their columns, indexes and foreign keys, as SQLite reports them. */
  function shape(file: string) {
    const db = new Database(file, { readonly: true })
    try {
      const tables = (
        db
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' " +
              "AND name != '_prisma_migrations' ORDER BY name",
          )
          .all() as { name: string }[]
      )
        .map((row) => row.name)
        .filter((name) => !HAND_WRITTEN_INDEX.test(name))
      return Object.fromEntries(
        tables.map((table) => [
          table,
          {
            columns: db.prepare(`PRAGMA table_info("${table}")`).all(),
            indexes: (db.prepare(`PRAGMA index_list("${table}")`).all() as { name: string; unique: number }[])
              .filter((index) => !HAND_WRITTEN_INDEX.test(index.name))
              .map((index) => ({ ...index, columns: db.prepare(`PRAGMA index_info("${index.name}")`).all() }))
              .sort((a, b) => a.name.localeCompare(b.name)),
            foreignKeys: db.prepare(`PRAGMA foreign_key_list("${table}")`).all(),
          },
        ]),
      )
    } finally {
      db.close()
    }
  }

  it('make exactly the tables, columns, indexes and keys of prisma/schema.prisma', async () => {
    const fromSchema = path.join(work, 'schema.db')
    const db = new Database(fromSchema)
    db.exec(schemaScript(['--to-schema-datamodel', SQLITE_SCHEMA], `file:${path.join(work, 'diff.db')}`))
    db.close()
    expect(shape(await ensureTemplateDb())).toEqual(shape(fromSchema))
  }, 120_000)

  it('give every table the data-version triggers, except those listed', async () => {
    const db = new Database(await ensureTemplateDb(), { readonly: true })
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
        name: string
      }[]
    ).map((row) => row.name)
    const triggers = db.prepare("SELECT tbl_name AS tbl, sql FROM sqlite_master WHERE type = 'trigger'").all() as {
      tbl: string
      sql: string
    }[]
    db.close()
    for (const table of tables.filter((name) => !WITHOUT_VERSION_TRIGGER.has(name) && !HAND_WRITTEN_INDEX.test(name))) {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        expect(
          triggers.some(
            (trigger) =>
              trigger.tbl === table && trigger.sql.includes(`AFTER ${event}`) && trigger.sql.includes('"data_version"'),
          ),
          `${table}: no ${event} trigger bumps data_version`,
        ).toBe(true)
      }
    }
  })
})

describe.skipIf(!onPostgres())('the PostgreSQL migrations', () => {
  async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.end()
    }
  }
  const databaseUrl = async (name: string) => {
    const url = new URL(await pgAdminUrl())
    url.pathname = `/${name}`
    return url.toString()
  }

  /** Tables with their columns, indexes and constraints, as PostgreSQL's catalogue reports them. */
  const shape = (url: string) =>
    withClient(url, async (client) => {
      const columns = await client.query(
        `SELECT table_name, column_name, data_type, is_nullable, column_default, character_maximum_length
        FROM information_schema.columns WHERE table_schema = 'public' ` +
          `AND table_name NOT LIKE '\\_%' ORDER BY table_name, column_name`,
      )
      const indexes = await client.query(
        `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`,
      )
      const constraints = await client.query(
        `SELECT c.conrelid::regclass::text AS table, c.conname, pg_get_constraintdef(c.oid) AS definition
        FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace ` +
          `WHERE n.nspname = 'public' ORDER BY c.conname`,
      )
      return {
        columns: columns.rows,
        indexes: indexes.rows.filter(
          (row) => !HAND_WRITTEN_INDEX.test(row.indexname) && !row.tablename.startsWith('_'),
        ),
        constraints: constraints.rows.filter((row) => !row.table.startsWith('_') && !row.table.startsWith('"_')),
      }
    })

  it('make exactly the tables, columns, indexes and keys of prisma/postgresql/schema.prisma', async () => {
    const name = `balai_twins_${crypto.randomBytes(4).toString('hex')}`
    await withClient(await pgAdminUrl(), (client) => client.query(`CREATE DATABASE "${name}"`))
    const fromSchema = await databaseUrl(name)
    const script = schemaScript(
      ['--config', 'prisma/postgresql/prisma.config.ts', '--to-schema-datamodel', POSTGRES_SCHEMA],
      fromSchema,
    )
    await withClient(fromSchema, (client) => client.query(script))
    expect(await shape(await databaseUrl(PG_TEMPLATE))).toEqual(await shape(fromSchema))
  }, 120_000)

  it('give every table the data-version trigger, except those listed', async () => {
    const { tables, triggers } = await withClient(await databaseUrl(PG_TEMPLATE), async (client) => ({
      tables: (
        await client.query(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' " +
            "AND table_type = 'BASE TABLE'",
        )
      ).rows.map((row) => row.table_name as string),
      triggers: (
        await client.query(
          `SELECT c.relname AS table, pg_get_triggerdef(t.oid) AS definition FROM pg_trigger t ` +
            `JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal`,
        )
      ).rows as { table: string; definition: string }[],
    }))
    for (const table of tables.filter((name) => !WITHOUT_VERSION_TRIGGER.has(name))) {
      const definition = triggers.find((trigger) => trigger.table === table)?.definition ?? ''
      expect(definition, `${table}: no trigger bumps data_version`).toMatch(
        /AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE .* FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version\(\)/,
      )
    }
  })
})
