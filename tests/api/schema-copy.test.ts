import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { snapshotSqlite } from '#core/backup-archive.mjs'
import { migratePostgres } from '#core/postgres-migrations.mjs'
import { copyPostgresToSqlite, copySqliteToPostgres, copySqliteToSqlite, tablesInOrder } from '#core/schema-copy.mjs'
import { migrateSqliteFile } from '#core/sqlite-migrations.mjs'
import { migrateData } from '../../scripts/migrate-data.mjs'
import { onPostgres, pgAdminUrl, startServer, type TestServer } from '../support/server'

// A PostgreSQL village is exported as a SQLite file and imported from one (decision 055): its rows go from the
// demo village's SQLite file into a village's schema and back into a new file, which must hold every value exactly
// as the original does (as SQLite returns it: the same storage class, the same text, the same integer).

const SCHEMA = 'village_aaaaaaaaaaaaaaaa'
/** Prisma's SQLite adapter writes a DateTime as `toISOString()` with `+00:00`. */
const PRISMA_DATETIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/

type Row = Record<string, unknown>

function withDb<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    return read(db)
  } finally {
    db.close()
  }
}

/** Every row of `table` in a stable order, integers as BigInt and reals as numbers: SQLite's own values. */
const rowsOf = (db: Database.Database, table: string, select = '*') => {
  const width = db.prepare(`SELECT ${select} FROM "${table}" LIMIT 0`).columns().length
  const order = Array.from({ length: width }, (_, at) => at + 1).join(', ')
  return db.prepare(`SELECT ${select} FROM "${table}" ORDER BY ${order}`).safeIntegers(true).all() as Row[]
}

/** The rows a copy carries, the search index its triggers fill, and SQLite's AUTOINCREMENT counters. */
const contentOf = (file: string) =>
  withDb(file, (db) => {
    const content: Record<string, Row[]> = {}
    for (const table of tablesInOrder(db)) content[table] = rowsOf(db, table)
    const searchIndexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
      .all() as { name: string }[]
    for (const { name } of searchIndexes) content[name] = rowsOf(db, name, 'rowid, *')
    content.sqlite_sequence = rowsOf(db, 'sqlite_sequence')
    return content
  })

async function databaseUrl(name: string) {
  const url = new URL(await pgAdminUrl())
  url.pathname = `/${name}`
  return url.toString()
}

async function newDatabase() {
  const name = `balai_copy_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: await pgAdminUrl() })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
  return databaseUrl(name)
}

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return client
}

const countIn = async (client: pg.Client, table: string) =>
  Number((await client.query(`SELECT COUNT(*) AS n FROM "${SCHEMA}"."${table}"`)).rows[0].n)

describe.skipIf(!onPostgres())('a village between its SQLite file and a PostgreSQL schema', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-schema-copy-'))
  const original = path.join(work, 'original.db')
  let server: TestServer | undefined
  const clients: pg.Client[] = []

  beforeAll(async () => {
    // The demo village on SQLite, seeded by the server itself.
    server = await startServer({ postgres: false })
    await server.stop()
    await snapshotSqlite(server.dbFile, original)
    // Values at the edges of what a column holds: a BIGINT beyond 2^53, a REAL that prints with 17 digits, both
    // Booleans, text beyond ASCII, a DateTime at a whole second, and a deleted last post (AUTOINCREMENT does not
    // give its id again).
    const db = new Database(original)
    db.exec(`
      UPDATE "budget_items" SET "amount" = 9007199254740993 WHERE "id" = (SELECT MIN("id") FROM "budget_items");
      UPDATE "developments" SET "latitude" = 0.1 + 0.2
        WHERE "id" = (SELECT MIN("id") FROM "developments" WHERE "latitude" IS NOT NULL);
      UPDATE "events" SET "all_day" = 1 WHERE "id" = (SELECT MIN("id") FROM "events");
      UPDATE "categories" SET "name" = "name" || ' — Sawah ''Ñ'' 🌾' WHERE "id" = (SELECT MIN("id") FROM "categories");
      UPDATE "posts" SET "published_at" = '2026-12-31T23:59:59.000+00:00' WHERE "id" = (SELECT MIN("id") FROM "posts");
      DELETE FROM "posts" WHERE "id" = (SELECT MAX("id") FROM "posts");
    `)
    db.close()
  }, 180_000)

  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => undefined)
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
    fs.rmSync(work, { recursive: true, force: true })
  })

  it('holds what the round trip must keep: Prisma DateTimes, Booleans, BigInts and reals', () => {
    const content = contentOf(original)
    const values = (table: string, column: string) => content[table].map((row) => row[column])
    const dates = withDb(original, (db) =>
      tablesInOrder(db).flatMap((table) =>
        (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string; type: string }[])
          .filter((column) => column.type === 'DATETIME')
          .flatMap((column) => values(table, column.name)),
      ),
    )
    expect(dates.filter((value) => value !== null).length).toBeGreaterThan(200)
    for (const value of dates) if (value !== null) expect(value).toMatch(PRISMA_DATETIME)
    expect(new Set(values('events', 'all_day'))).toEqual(new Set([0n, 1n]))
    expect(values('budget_items', 'amount')).toContain(9007199254740993n)
    expect(values('developments', 'latitude')).toContain(0.30000000000000004)
    expect(values('developments', 'latitude')).toContain(null)
  })

  it('rebuilds a SQLite file row by row into a new one, each value as it was, nothing else (an import: 063)', () => {
    const source = path.join(work, 'doctored.db')
    fs.copyFileSync(original, source)
    const db = new Database(source)
    db.exec(`
      CREATE TABLE "extra" ("x" TEXT);
      CREATE VIEW "extra_view" AS SELECT * FROM "users";
      CREATE TRIGGER "extra_trigger" AFTER INSERT ON "posts" BEGIN DELETE FROM "users"; END;
      CREATE INDEX "extra_index" ON "posts" ("title");
    `)
    db.close()
    const rebuilt = path.join(work, 'rebuilt.db')
    const { rows } = copySqliteToSqlite({ sourceFile: source, targetFile: rebuilt })
    expect(rows.users).toBeGreaterThan(0)
    expect(fs.existsSync(`${rebuilt}-wal`)).toBe(false)
    const want = contentOf(original)
    const got = contentOf(rebuilt)
    expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort())
    for (const table of Object.keys(want)) expect(got[table], table).toStrictEqual(want[table])
    const schema = (file: string) =>
      withDb(file, (db) => db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY type, name').all())
    const fresh = path.join(work, 'fresh.db')
    migrateSqliteFile(fresh)
    expect(schema(rebuilt)).toEqual(schema(fresh))
    expect(() => copySqliteToSqlite({ sourceFile: source, targetFile: rebuilt })).toThrow(/exists already/)
  })

  it('copies every row into a village schema and back into a new file, each value as SQLite held it', async () => {
    const url = await newDatabase()
    await migratePostgres(url, { schema: SCHEMA, log: () => undefined })
    const client = await connect(url)
    clients.push(client)
    const version = async () =>
      Number((await client.query(`SELECT "value" FROM "${SCHEMA}"."data_version" WHERE "id" = 1`)).rows[0].value)
    const before = await version()

    const there = await copySqliteToPostgres({ sourceFile: original, client, schema: SCHEMA })
    const expected = withDb(original, (db) =>
      Object.fromEntries(
        tablesInOrder(db).map((table) => [
          table,
          Number((db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n),
        ]),
      ),
    )
    expect(there.rows).toEqual(expected)
    for (const [table, count] of Object.entries(expected)) expect(await countIn(client, table), table).toBe(count)
    expect(await version()).toBeGreaterThan(before)
    // Only the schema was written, and the connection is back on its own search_path.
    const publicTables = await client.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    )
    expect(publicTables.rows).toEqual([])
    expect((await client.query('SHOW search_path')).rows[0].search_path).toBe('"$user", public')
    // A new row continues after the highest id SQLite ever gave, the deleted post's too.
    const lastPost = withDb(original, (db) =>
      Number((db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'posts'").get() as { seq: number }).seq),
    )
    const next = await client.query(`SELECT nextval(pg_get_serial_sequence('"${SCHEMA}"."posts"', 'id')) AS id`)
    expect(Number(next.rows[0].id)).toBe(lastPost + 1)
    await client.query(`SELECT setval(pg_get_serial_sequence('"${SCHEMA}"."posts"', 'id'), $1)`, [lastPost])

    const back = path.join(work, 'back.db')
    const returned = await copyPostgresToSqlite({ client, schema: SCHEMA, targetFile: back })
    expect(returned.rows).toEqual(expected)
    expect(fs.existsSync(`${back}-wal`)).toBe(false)
    const want = contentOf(original)
    const got = contentOf(back)
    expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort())
    for (const table of Object.keys(want)) expect(got[table], table).toStrictEqual(want[table])
    expect((await client.query('SHOW search_path')).rows[0].search_path).toBe('"$user", public')

    // A schema that holds a site is never overwritten, and a file is never replaced.
    await expect(copySqliteToPostgres({ sourceFile: original, client, schema: SCHEMA })).rejects.toMatchObject({
      code: 'TARGET_HAS_USERS',
      message: expect.stringContaining('already holds a site'),
    })
    for (const [table, count] of Object.entries(expected)) expect(await countIn(client, table), table).toBe(count)
    await expect(copyPostgresToSqlite({ client, schema: SCHEMA, targetFile: back })).rejects.toThrow(/exists already/)
    expect((await client.query('SHOW search_path')).rows[0].search_path).toBe('"$user", public')
  })

  it('is what npm run migrate-data copies into public: refused into a site unless --force, which replaces it', async () => {
    const url = await newDatabase()
    const quiet = () => undefined
    // The uploads stay where they are (no targetStorage): only the rows are this file's business.
    const files = { uploadsDir: server!.uploadsDir, targetStorage: undefined }
    const first = await migrateData({ sourceFile: original, ...files, to: url, log: quiet })
    await expect(migrateData({ sourceFile: original, ...files, to: url, log: quiet })).rejects.toThrow(
      'the target database already holds a site (it has users): use an empty one, or pass --force to replace its rows',
    )
    const forced = await migrateData({ sourceFile: original, ...files, to: url, force: true, log: quiet })
    expect(forced.rows).toEqual(first.rows)

    const client = await connect(url)
    clients.push(client)
    const back = path.join(work, 'from-public.db')
    await copyPostgresToSqlite({ client, targetFile: back })
    const want = contentOf(original)
    const got = contentOf(back)
    for (const table of Object.keys(want)) expect(got[table], table).toStrictEqual(want[table])
  })
})
