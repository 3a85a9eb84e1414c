// A village's rows between its two homes: a SQLite file (the village's own database, and the one portable format of
// an export archive, core/backup-archive.mjs) and a PostgreSQL schema (`public` of an install of one village, or
// `village_{id}` of a regency's database, decision 055). `npm run migrate-data` copies a SQLite village into
// PostgreSQL; the regency exports a PostgreSQL village into a new SQLite file and imports an archive's file into a
// new schema. An archive's file is first rebuilt row by row into a new SQLite file (copySqliteToSqlite, decision 063:
// the import and `npm run restore`), so only the known tables and columns of it are ever read further. Both sides
// must be migrated by this code version: the columns are matched by name, and the values are turned into what Prisma
// itself stores on the other side.
import fs from 'node:fs'
import Database from 'better-sqlite3'
import pg from 'pg'
import { extensionSchema, searchPath } from './postgres-migrations.mjs'
import { migrateSqliteFile } from './sqlite-migrations.mjs'

/**
 * Rows that belong to the running database only: each side keeps its own (the migrations' records, the data
 * version its caches follow, the login throttle, the uploads not yet saved). The FTS tables (SQLite's search index)
 * are filled by their triggers as rows arrive.
 */
export const NOT_COPIED = new Set([
  '_prisma_migrations',
  '_balai_migrations',
  'data_version',
  'login_failures',
  'pending_uploads',
])

/** The SQLite tables that are copied, each after the tables its foreign keys point at. */
export function tablesInOrder(db) {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all()
    .map((row) => row.name)
    .filter((name) => !NOT_COPIED.has(name) && !/_fts/.test(name))
  const needs = new Map(
    tables.map((table) => [
      table,
      db
        .prepare(`PRAGMA foreign_key_list("${table}")`)
        .all()
        .map((fk) => fk.table),
    ]),
  )
  const ordered = []
  const visit = (table, trail = new Set()) => {
    if (ordered.includes(table) || trail.has(table)) return
    trail.add(table)
    for (const parent of needs.get(table) ?? []) if (parent !== table && needs.has(parent)) visit(parent, trail)
    ordered.push(table)
  }
  tables.sort().forEach((table) => visit(table))
  return ordered
}

const columnsOf = (db, table) =>
  db
    .prepare(`PRAGMA table_info("${table}")`)
    .all()
    .map((column) => column.name)

const quoted = (names) => names.map((name) => `"${name}"`).join(', ')

/** A SQLite table's `columns`, row by row as arrays, in rowid order; integers as BigInt (a BIGINT beyond 2^53 whole). */
const rowsOf = (db, table, columns) =>
  db
    .prepare(`SELECT ${quoted(columns)} FROM "${table}" ORDER BY rowid`)
    .raw(true)
    .safeIntegers(true)
    .iterate()

/**
 * The tables of the connection's schema (`schema`, or the first of its search_path): Map(table -> { types:
 * Map(column -> data_type), serial: the column filled by a sequence, if any }).
 */
async function postgresTables(client, schema) {
  const { rows } = await client.query(
    'SELECT table_name, column_name, data_type, column_default FROM information_schema.columns ' +
      'WHERE table_schema = COALESCE($1, current_schema())',
    [schema ?? null],
  )
  const tables = new Map()
  for (const row of rows) {
    if (!tables.has(row.table_name)) tables.set(row.table_name, { types: new Map(), serial: undefined })
    const table = tables.get(row.table_name)
    table.types.set(row.column_name, row.data_type)
    if (/^nextval\(/.test(row.column_default ?? '')) table.serial = row.column_name
  }
  return tables
}

/** Points the connection at `schema` (nothing to do without one); returns what undoes it. */
async function enterSchema(client, schema) {
  if (!schema) return async () => undefined
  await client.query(`SET search_path TO ${searchPath(schema, await extensionSchema(client))}`)
  return () => client.query('RESET search_path').catch(() => undefined)
}

/** A time of day that ends in a zone: `10:00:00.000+00:00`, `10:00Z`. */
const WITH_ZONE = /\d\d:\d\d(?::\d\d(?:\.\d+)?)?\s*(?:[zZ]|[+-]\d\d(?::?\d\d)?)$/

/**
 * A SQLite DateTime for a PostgreSQL `timestamp` (UTC, no zone). Prisma writes `2026-11-27T10:00:00.000+00:00`,
 * which PostgreSQL takes as it is (it ignores the zone of a `timestamp`); a time with another offset is turned into
 * UTC first, and milliseconds (Prisma's `unixepoch-ms` format, which its reader understands too) into that text.
 */
function postgresTimestamp(raw) {
  if (typeof raw === 'bigint' || typeof raw === 'number') return new Date(Number(raw)).toISOString()
  if (typeof raw === 'string' && WITH_ZONE.test(raw.trim())) {
    const time = new Date(raw.trim())
    if (!Number.isNaN(time.getTime())) return time.toISOString()
  }
  return raw
}

/** A SQLite value for a PostgreSQL column of type `type`. Integers come as BigInt (read with safeIntegers). */
function postgresValue(type, raw) {
  if (raw === null) return null
  if (type === 'boolean') return Boolean(raw)
  if (type === 'timestamp without time zone' || type === 'timestamp with time zone') return postgresTimestamp(raw)
  return raw
}

/** Text of a PostgreSQL `timestamp`: `2026-11-27 10:00:00.5` (the fraction only as long as it needs). */
const TIMESTAMP_TEXT = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d+))?$/

/** A PostgreSQL `timestamp` (read as its text, UTC) as Prisma's SQLite adapter writes a Date. */
function prismaTimestamp(text) {
  const parts = TIMESTAMP_TEXT.exec(text)
  if (!parts) throw new Error(`a timestamp this copy cannot read: ${text}`)
  const [, year, month, day, hour, minute, second, fraction = ''] = parts
  const time = new Date(
    Date.UTC(+year, +month - 1, +day, +hour, +minute, +second, +fraction.padEnd(3, '0').slice(0, 3)),
  )
  // Date.UTC reads the years 0-99 as 1900-1999.
  if (+year < 100) time.setUTCFullYear(+year)
  return time.toISOString().replace('Z', '+00:00')
}

/**
 * How each PostgreSQL type is stored by Prisma's SQLite adapter (@prisma/adapter-better-sqlite3, which writes a
 * Date as `toISOString()` with `+00:00`, a Boolean as 1 or 0, a BigInt as an integer). A type missing here stops the
 * copy rather than store something Prisma would not.
 */
const SQLITE_VALUE = {
  text: (value) => value,
  'character varying': (value) => value,
  integer: (value) => value,
  smallint: (value) => value,
  bigint: (value) => BigInt(value),
  'double precision': (value) => value,
  real: (value) => value,
  boolean: (value) => (value ? 1 : 0),
  'timestamp without time zone': prismaTimestamp,
  'timestamp with time zone': (value) => value.toISOString().replace('Z', '+00:00'),
  bytea: (value) => value,
}

/** A `timestamp` is read as its text: pg's own reading takes it for local time. */
const TIMESTAMP_OID = 1114
const rawTimestamps = (types) => ({
  getTypeParser: (oid, format) => (oid === TIMESTAMP_OID ? (value) => value : types.getTypeParser(oid, format)),
})

/** Largest rows per INSERT: 500, fewer for wide tables (PostgreSQL takes 65,535 parameters a statement). */
const chunkSize = (columns) => Math.max(1, Math.min(500, Math.floor(65_535 / columns)))

/**
 * Copies every row of the SQLite file `sourceFile` (read as it is: snapshot a live database first) into the
 * PostgreSQL connection `client` (one connection: a pg.Client, or a client checked out of a pool), in `schema`
 * (`village_{id}`, `regency`) or, without one, wherever the connection's search_path points (`public`). The target
 * must be migrated by this code version and hold no users, unless `replace` (then its rows are replaced); tables
 * that hold rows already are emptied first. One transaction; then the sequences continue after the copied ids (or
 * after a deleted higher id that SQLite remembers), the data version moves on so every cache drops what it holds,
 * and the row counts are checked. A target that holds users throws an Error with the code `TARGET_HAS_USERS`.
 * @param {{ sourceFile: string, client: { query: Function }, schema?: string, replace?: boolean,
 *   log?: (message: string) => void }} options
 * @returns {Promise<{ rows: Record<string, number> }>} the rows copied, by table
 */
export async function copySqliteToPostgres({ sourceFile, client, schema, replace = false, log }) {
  if (!fs.existsSync(sourceFile)) throw new Error(`no SQLite database at ${sourceFile}`)
  const source = new Database(sourceFile, { readonly: true, fileMustExist: true })
  let leave = async () => undefined
  try {
    leave = await enterSchema(client, schema)
    const target = await postgresTables(client, schema)
    if (!target.has('users'))
      throw new Error(`the target${schema ? ` schema ${schema}` : ''} has no table users: is it migrated?`)
    const users = Number((await client.query('SELECT COUNT(*) AS n FROM "users"')).rows[0].n)
    if (users > 0 && !replace) {
      const refused = new Error(`the target${schema ? ` schema ${schema}` : ''} already holds a site (it has users)`)
      throw Object.assign(refused, { code: 'TARGET_HAS_USERS' })
    }

    const tables = tablesInOrder(source)
    const hasCounters = source.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get()
    const remembered = new Map(
      (hasCounters ? source.prepare('SELECT name, seq FROM sqlite_sequence').all() : []).map((row) => [
        row.name,
        Number(row.seq),
      ]),
    )
    const counts = {}
    await client.query('BEGIN')
    try {
      const filled = []
      for (const table of tables) {
        if (!target.has(table)) throw new Error(`the target has no table ${table}: is it migrated by the same version?`)
        const { rows } = await client.query(`SELECT EXISTS (SELECT 1 FROM "${table}") AS filled`)
        if (rows[0].filled) filled.push(table)
      }
      if (filled.length) await client.query(`TRUNCATE ${quoted(filled)} RESTART IDENTITY CASCADE`)
      for (const table of tables) {
        const { types, serial } = target.get(table)
        const columns = columnsOf(source, table)
        const missing = columns.filter((column) => !types.has(column))
        if (missing.length) throw new Error(`the target's ${table} has no column ${missing.join(', ')}`)
        const columnTypes = columns.map((column) => types.get(column))
        const insert = async (chunk) => {
          const values = chunk
            .map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
            .join(', ')
          await client.query(
            `INSERT INTO "${table}" (${quoted(columns)}) VALUES ${values}`,
            chunk.flatMap((row) => row.map((raw, c) => postgresValue(columnTypes[c], raw))),
          )
        }
        const size = chunkSize(columns.length)
        let chunk = []
        counts[table] = 0
        for (const row of rowsOf(source, table, columns)) {
          chunk.push(row)
          counts[table]++
          if (chunk.length === size) {
            await insert(chunk)
            chunk = []
          }
        }
        if (chunk.length) await insert(chunk)
        // Serial ids continue after the copied ones (tables keyed by a generated text id, e.g. sessions, have none),
        // or after the highest id SQLite ever gave (AUTOINCREMENT never hands out a deleted row's id again).
        if (serial && columns.includes(serial)) {
          const highest = (await client.query(`SELECT MAX("${serial}") AS n FROM "${table}"`)).rows[0].n
          const last = Math.max(Number(highest ?? 0), remembered.get(table) ?? 0)
          await client.query(`SELECT setval(pg_get_serial_sequence($1, $2), $3, $4)`, [
            schema ? `"${schema}"."${table}"` : `"${table}"`,
            serial,
            Math.max(last, 1),
            last > 0,
          ])
        }
      }
      await client.query('UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1')
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    }
    for (const table of tables) {
      const copied = Number((await client.query(`SELECT COUNT(*) AS n FROM "${table}"`)).rows[0].n)
      if (copied !== counts[table])
        throw new Error(`${table}: ${counts[table]} rows in SQLite, ${copied} in PostgreSQL`)
    }
    log?.(
      `[schema-copy] ${Object.values(counts).reduce((a, b) => a + b, 0)} rows in ${tables.length} tables ` +
        `copied into ${schema ?? 'PostgreSQL'} and counted`,
    )
    return { rows: counts }
  } finally {
    await leave()
    source.close()
  }
}

/**
 * Makes the SQLite file `targetFile` (it must not exist yet), migrates it, and copies into it every row of the
 * PostgreSQL connection's `schema` (or, without one, of its search_path: `public`), read in one snapshot (a
 * repeatable-read transaction: the site may keep writing), each value as Prisma's SQLite adapter stores it. The
 * AUTOINCREMENT counters take the sequences' positions, the row counts are checked, and the file is left closed,
 * checkpointed, whole: ready to be archived. Nothing is left behind when it fails.
 * @param {{ client: { query: Function }, schema?: string, targetFile: string, log?: (message: string) => void }}
 *   options
 * @returns {Promise<{ rows: Record<string, number> }>} the rows copied, by table
 */
export async function copyPostgresToSqlite({ client, schema, targetFile, log }) {
  if (fs.existsSync(targetFile)) throw new Error(`${targetFile} exists already: the copy makes a new file`)
  let target
  let leave = async () => undefined
  let done = false
  try {
    migrateSqliteFile(targetFile)
    target = new Database(targetFile, { timeout: 10_000 })
    leave = await enterSchema(client, schema)
    const source = await postgresTables(client, schema)
    const tables = tablesInOrder(target)
    const forgotten = [...source.keys()].filter(
      (table) => !NOT_COPIED.has(table) && !tables.includes(table) && !/_fts/.test(table),
    )
    if (forgotten.length)
      throw new Error(`the SQLite file has no table ${forgotten.join(', ')}: is the schema a newer version's?`)
    const autoincrement = new Set(
      target
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%'")
        .all()
        .map((row) => row.name),
    )
    const types = rawTimestamps(pg.types)
    const counts = {}
    const expected = {}
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    target.exec('BEGIN')
    try {
      for (const table of [...tables].reverse()) target.prepare(`DELETE FROM "${table}"`).run()
      for (const table of tables) {
        const from = source.get(table)
        if (!from) throw new Error(`the source has no table ${table}: is it migrated by the same version?`)
        const columns = columnsOf(target, table)
        const extra = [...from.types.keys()].filter((column) => !columns.includes(column))
        const missing = columns.filter((column) => !from.types.has(column))
        if (missing.length || extra.length)
          throw new Error(
            `${table} differs between the two databases (${[...missing, ...extra].join(', ')}): ` +
              `are both migrated by the same version?`,
          )
        const convert = columns.map((column) => {
          const type = from.types.get(column)
          const to = SQLITE_VALUE[type]
          if (!to) throw new Error(`${table}.${column}: no SQLite form for the PostgreSQL type ${type}`)
          return to
        })
        const insert = target.prepare(
          `INSERT INTO "${table}" (${quoted(columns)}) VALUES (${columns.map(() => '?').join(', ')})`,
        )
        const keys = target
          .prepare(`PRAGMA table_info("${table}")`)
          .all()
          .filter((column) => column.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((column) => column.name)
        await client.query(
          `DECLARE balai_copy NO SCROLL CURSOR FOR SELECT ${quoted(columns)} FROM "${table}"` +
            (keys.length ? ` ORDER BY ${quoted(keys)}` : ''),
        )
        counts[table] = 0
        for (;;) {
          const { rows } = await client.query({ text: 'FETCH 500 FROM balai_copy', rowMode: 'array', types })
          for (const row of rows) insert.run(row.map((value, c) => (value === null ? null : convert[c](value))))
          counts[table] += rows.length
          if (rows.length < 500) break
        }
        await client.query('CLOSE balai_copy')
        expected[table] = Number((await client.query(`SELECT COUNT(*) AS n FROM "${table}"`)).rows[0].n)
        // The counter SQLite keeps for AUTOINCREMENT follows the sequence: an id PostgreSQL gave once stays used.
        if (from.serial && autoincrement.has(table)) {
          const { rows } = await client.query(`SELECT pg_get_serial_sequence($1, $2) AS sequence`, [
            schema ? `"${schema}"."${table}"` : `"${table}"`,
            from.serial,
          ])
          if (rows[0].sequence) {
            const state = (await client.query(`SELECT last_value, is_called FROM ${rows[0].sequence}`)).rows[0]
            // As BigInt: a JavaScript number is bound as a REAL, and sqlite_sequence's column takes it as one.
            const last = BigInt(state.last_value) - (state.is_called ? 0n : 1n)
            const kept = target.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').safeIntegers(true).get(table)
            if (kept)
              target
                .prepare('UPDATE sqlite_sequence SET seq = ? WHERE name = ?')
                .run(last > kept.seq ? last : kept.seq, table)
            else if (last > 0n) target.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(table, last)
          }
        }
      }
      const broken = target.pragma('foreign_key_check')
      if (broken.length) throw new Error(`${broken.length} row(s) point at rows that are not there`)
      target.exec('COMMIT')
      await client.query('COMMIT')
    } catch (error) {
      if (target.inTransaction) target.exec('ROLLBACK')
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    }
    for (const table of tables) {
      const copied = Number(target.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get().n)
      if (copied !== expected[table] || copied !== counts[table])
        throw new Error(`${table}: ${expected[table]} rows in PostgreSQL, ${copied} in SQLite`)
    }
    target.pragma('wal_checkpoint(TRUNCATE)')
    done = true
    log?.(
      `[schema-copy] ${Object.values(counts).reduce((a, b) => a + b, 0)} rows in ${tables.length} tables ` +
        `copied from ${schema ?? 'PostgreSQL'} into ${targetFile} and counted`,
    )
    return { rows: counts }
  } finally {
    await leave()
    target?.close()
    if (!done) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${targetFile}${suffix}`, { force: true })
  }
}

/**
 * Makes the SQLite file `targetFile` (it must not exist yet), migrates it, and copies into it the rows of the
 * SQLite file `sourceFile` (an archive's database, already brought up to this code version's migrations): only the
 * tables and columns the migrations make, read as plain rows. Nothing else of the source comes along (decision 063):
 * its triggers, views and indexes, tables and columns of its own, its pragmas (user_version, application_id) stay
 * behind, and the target's own triggers fill its search index and data version as rows arrive. A known table or
 * column missing from the source, or a row that points at a missing one, stops the copy. The AUTOINCREMENT counters
 * follow the source's, the data version moves past the source's (every cache drops what it holds), the row counts
 * are checked, and the file is left closed, checkpointed, whole. Nothing is left behind when it fails.
 * @param {{ sourceFile: string, targetFile: string, log?: (message: string) => void }} options
 * @returns {{ rows: Record<string, number> }} the rows copied, by table
 */
export function copySqliteToSqlite({ sourceFile, targetFile, log }) {
  if (fs.existsSync(targetFile)) throw new Error(`${targetFile} exists already: the copy makes a new file`)
  let source
  let target
  let done = false
  try {
    source = new Database(sourceFile, { readonly: true, fileMustExist: true })
    // Whatever the source's schema holds runs no function with side effects while it is read.
    source.pragma('trusted_schema = OFF')
    migrateSqliteFile(targetFile)
    target = new Database(targetFile, { timeout: 10_000 })
    const tables = tablesInOrder(target)
    const sourceTables = new Map(
      source
        .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((row) => [row.name, String(row.sql ?? '')]),
    )
    const autoincrement = new Set(
      target
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%'")
        .all()
        .map((row) => row.name),
    )
    const counts = {}
    // Rows of a table may point at later rows of the same table: the keys are checked once, at the end.
    target.pragma('foreign_keys = OFF')
    target.exec('BEGIN')
    try {
      // What the migrations seeded makes way for the source's rows.
      for (const table of [...tables].reverse()) target.prepare(`DELETE FROM "${table}"`).run()
      for (const table of tables) {
        const definition = sourceTables.get(table)
        if (definition === undefined || /^\s*CREATE\s+VIRTUAL\b/i.test(definition))
          throw new Error(`its database has no table ${table}`)
        const present = new Set(columnsOf(source, table))
        const columns = columnsOf(target, table)
        const missing = columns.filter((column) => !present.has(column))
        if (missing.length) throw new Error(`its table ${table} has no column ${missing.join(', ')}`)
        const insert = target.prepare(
          `INSERT INTO "${table}" (${quoted(columns)}) VALUES (${columns.map(() => '?').join(', ')})`,
        )
        counts[table] = 0
        for (const row of rowsOf(source, table, columns)) {
          insert.run(row)
          counts[table]++
        }
      }
      // AUTOINCREMENT never hands out an id the source gave once, even of a row deleted since.
      const hasCounters = sourceTables.has('sqlite_sequence')
      for (const { name, seq } of hasCounters
        ? source.prepare('SELECT name, seq FROM sqlite_sequence').safeIntegers(true).all()
        : []) {
        if (!autoincrement.has(name) || typeof seq !== 'bigint' || seq <= 0n) continue
        const kept = target.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').safeIntegers(true).get(name)
        if (kept)
          target.prepare('UPDATE sqlite_sequence SET seq = ? WHERE name = ?').run(seq > kept.seq ? seq : kept.seq, name)
        else target.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(name, seq)
      }
      const version = sourceTables.has('data_version')
        ? source.prepare('SELECT "value" FROM "data_version" WHERE "id" = 1').safeIntegers(true).get()?.value
        : undefined
      target
        .prepare('UPDATE "data_version" SET "value" = MAX("value", ?) + 1 WHERE "id" = 1')
        .run(typeof version === 'bigint' && version > 0n ? version : 0n)
      const broken = target.pragma('foreign_key_check')
      if (broken.length) throw new Error(`${broken.length} row(s) of its database point at rows that are not there`)
      target.exec('COMMIT')
    } catch (error) {
      if (target.inTransaction) target.exec('ROLLBACK')
      throw error
    }
    for (const table of tables) {
      const copied = Number(target.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get().n)
      if (copied !== counts[table]) throw new Error(`${table}: ${counts[table]} rows read, ${copied} written`)
    }
    target.pragma('wal_checkpoint(TRUNCATE)')
    done = true
    log?.(
      `[schema-copy] ${Object.values(counts).reduce((a, b) => a + b, 0)} rows in ${tables.length} tables ` +
        `copied into the new file ${targetFile} and counted`,
    )
    return { rows: counts }
  } finally {
    source?.close()
    target?.close()
    if (!done) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${targetFile}${suffix}`, { force: true })
  }
}
