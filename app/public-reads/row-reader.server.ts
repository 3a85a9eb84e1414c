import Database from 'better-sqlite3'
import { prisma } from '~/utils/db.server'
import { isPostgres } from '~/utils/dialect.server'
import { getEnv } from '~/utils/config.server'
import { perVillage } from '~/utils/village-scope.server'
import { villageReadConnection } from '~/utils/read-connection.server'

/**
 * The second executor of the site's reads (Prisma is the first, for everything the back office reads and every
 * write): the public reads, as SQL statements built from the models' own Prisma selects (public-table.server.ts)
 * and the searches (search.server.ts). Rows come back as Prisma's raw queries give them, so the shapes are the
 * admin's (tests/api/public-reads.test.ts holds the two executors equal on both databases).
 */

/** A table or column name of the code's making, quoted for SQL. */
export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

declare global {
  // Survives module reloads in development so we never open the database twice.
  var __balaiSqliteReader: ReturnType<typeof sqliteReader> | undefined
}

/**
 * Statements kept prepared (first in, first out): one per table, search kind, list filter and page size in practice.
 */
const PREPARED = 200

/**
 * Column values as Prisma's raw queries give them on SQLite (its driver adapter maps the declared type): dates as
 * Date, booleans (an event's `all_day`) as true or false, BIGINT (amounts of rupiah) as BigInt; INTEGER, REAL, TEXT
 * and computed columns (no declared type) as stored. These are all the public tables hold; any other declared type is
 * refused when the statement is prepared, so a column added later cannot come back in another shape than Prisma's
 * unnoticed.
 */
function converterOf(declared: string | null): ((value: unknown) => unknown) | undefined {
  switch (declared?.toUpperCase() ?? '') {
    case '':
    case 'INTEGER':
    case 'INT':
    case 'TEXT':
    case 'REAL':
      return undefined
    case 'BIGINT':
      return (value) => (value === null ? null : BigInt(value as number | bigint))
    case 'DATETIME':
    case 'TIMESTAMP':
      return (value) => (value === null ? null : new Date(value as string | number))
    case 'BOOLEAN':
      // Stored as 0 or 1; Prisma gives true or false.
      return (value) => (value === null ? null : Boolean(value))
    default:
      throw new Error(`readRows: no conversion for a column declared ${declared}`)
  }
}

/**
 * The public reads on SQLite (ids and counts of lists and searches, the rows of a page, a detail): run on a
 * connection of their own with the statements kept prepared. Through Prisma each read went through its query layer
 * and its driver adapter, which prepares every statement anew: together a sixth of an uncached public API call's
 * CPU (docs/performance.md). Arguments as the adapter binds them (dates as ISO text with `+00:00`, booleans as 0/1),
 * values as Prisma gives them (converterOf). Reads only, so they never wait for a writer (WAL) and need no lock of
 * the app's.
 */
function sqliteReader(connection: () => Database.Database, own: boolean) {
  let db: Database.Database | undefined
  type Prepared = {
    statement: Database.Statement
    names: string[]
    converters: (((value: unknown) => unknown) | undefined)[]
  }
  const statements = new Map<string, Prepared>()
  const read = (sql: string, params: unknown[]) => {
    db ??= connection()
    let prepared = statements.get(sql)
    if (!prepared) {
      const statement = db.prepare(sql).raw()
      const columns = statement.columns()
      prepared = {
        statement,
        names: columns.map((column) => column.name),
        converters: columns.map((column) => converterOf(column.type)),
      }
      if (statements.size >= PREPARED) statements.delete(statements.keys().next().value!)
      statements.set(sql, prepared)
    }
    const args = params.map((value) =>
      value instanceof Date
        ? value.toISOString().replace('Z', '+00:00')
        : typeof value === 'boolean'
          ? Number(value)
          : value,
    )
    const { names, converters } = prepared
    return (prepared.statement.all(...args) as unknown[][]).map((values) => {
      const row: Record<string, unknown> = {}
      for (let at = 0; at < names.length; at++)
        row[names[at]] = converters[at] ? converters[at]!(values[at]) : values[at]
      return row
    })
  }
  const close = () => {
    statements.clear()
    if (own) db?.close()
    db = undefined
  }
  return Object.assign(read, { close })
}

/** The current village's reader (village-scope.server.ts); one village's survives module reloads in development. */
const reader = perVillage(
  'the public reader (row-reader)',
  (scope) =>
    scope
      ? sqliteReader(villageReadConnection().get, false)
      : (global.__balaiSqliteReader ??= sqliteReader(
          () => new Database(getEnv().DATABASE_FILE, { fileMustExist: true, timeout: 10_000 }),
          true,
        )),
  (read) => read.close(),
)

/**
 * A read of the public site: `sql` with `?` placeholders on SQLite (sqliteReader), `$1`... on PostgreSQL (through
 * Prisma there). Rows as Prisma's raw queries give them.
 */
export async function readRows<Row>(sql: string, params: unknown[]): Promise<Row[]> {
  if (isPostgres()) return prisma.$queryRawUnsafe<Row[]>(sql, ...params)
  return reader()(sql, params) as Row[]
}
