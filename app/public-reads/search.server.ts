import Database from 'better-sqlite3'
import { Prisma } from '~/generated/prisma/client'
import { dataVersion, prisma } from '../utils/db.server'
import { isPostgres, withoutNul } from '../utils/dialect.server'
import { getEnv } from '../utils/config.server'

/**
 * The lists' `?search=` (docs/api.md "Lists"): a case-insensitive substring match on the list's columns,
 * every character taken literally (`%`, `_` and `\` too), answered from an index on both databases.
 *
 * SQLite: exactly `LIKE` with ASCII letters folded. The tables in SEARCH_INDEXES have an FTS5 table holding a copy
 * of their searched columns folded as LIKE folds (`lower()`: A-Z only), indexed by the trigram tokenizer
 * case-sensitively (prisma/migrations/20261124200000_substring_search_index). A term of 3 characters or more,
 * folded the same way, is matched as one phrase: its trigrams in a row, in one column, which is exactly "the folded
 * column holds the folded term", the LIKE answer without reading a row. A shorter term cannot be split into
 * trigrams: LIKE alone then scans the copy, a few small columns instead of whole rows. Tables without an index (the
 * small admin lists) are matched by LIKE on the table itself.
 *
 * PostgreSQL: `ILIKE` on the columns, answered from their `pg_trgm` GIN indexes (migration 20261124300000_instances),
 * then the same test as SQLite's (A-Z folded by `translate`) on those candidates only: ILIKE folds every letter the
 * database's locale folds, so alone it would find more. Its text cannot hold NUL: the term is matched without it
 * (dialect.server.ts, withoutNul).
 */
export const SEARCH_INDEXES: Readonly<Record<string, string>> = {
  posts: 'posts_fts',
  pages: 'pages_fts',
  products: 'products_fts',
  photos: 'photos_fts',
  sliders: 'sliders_fts',
  aparaturs: 'aparaturs_fts',
  developments: 'developments_fts',
}

/** What LIKE folds: ASCII letters only (SQLite without ICU), so `É` and `é` stay different. */
export const foldSearch = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase())

/** `term` as a LIKE pattern that matches it literally anywhere (with `ESCAPE '\'`). */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** `term` as one FTS5 phrase: its trigrams, in order, in one column. */
const ftsPhrase = (term: string) => `"${term.replaceAll('"', '""')}"`

/** Trigrams need 3 characters (code points, not UTF-16 units); a NUL would end the phrase early. */
const indexable = (term: string) => [...term].length >= 3 && !term.includes('\0')

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const LOWER = UPPER.toLowerCase()

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

declare global {
  // Survives module reloads in development so we never open the database twice.
  var __balaiSqliteReader: ((sql: string, params: unknown[]) => Record<string, unknown>[]) | undefined
}

/**
 * Statements kept prepared (first in, first out): one per table, search kind, list filter and page size in practice.
 */
const PREPARED = 200

/**
 * Column values as Prisma's raw queries give them on SQLite (its driver adapter maps the declared type): dates as
 * Date; BIGINT (amounts of rupiah) as BigInt; INTEGER, REAL, TEXT and computed columns (no declared type) as stored.
 * These are all the public tables hold; any other declared type is refused when the statement is prepared, so a
 * column added later cannot come back in another shape than Prisma's unnoticed.
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
function sqliteReader(file: string) {
  let db: Database.Database | undefined
  type Prepared = {
    statement: Database.Statement
    names: string[]
    converters: (((value: unknown) => unknown) | undefined)[]
  }
  const statements = new Map<string, Prepared>()
  return (sql: string, params: unknown[]) => {
    db ??= new Database(file, { fileMustExist: true, timeout: 10_000 })
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
}

/**
 * A read of the public site: `sql` with `?` placeholders on SQLite (sqliteReader), `$1`... on PostgreSQL (through
 * Prisma there). Rows as Prisma's raw queries give them.
 */
export async function readRows<Row>(sql: string, params: unknown[]): Promise<Row[]> {
  if (isPostgres()) return prisma.$queryRawUnsafe<Row[]>(sql, ...params)
  global.__balaiSqliteReader ??= sqliteReader(getEnv().DATABASE_FILE)
  return global.__balaiSqliteReader(sql, params) as Row[]
}

/** Ids and counts (readRows). */
const readIds = readRows

/**
 * The rows matching, unordered: the statement of their ids (`sql`), its FROM and WHERE (`where`), and the name of the
 * id it reads (`rowid` from an index).
 */
function matchSql(
  table: string,
  columns: readonly string[],
  term: string,
  postgres: boolean,
): { sql: string; where: string; params: string[]; id: string } {
  const read = (id: string, from: string, condition: string, params: string[]) => {
    const where = `FROM ${quote(from)} WHERE ${condition}`
    return { sql: `SELECT ${id}${id === '"id"' ? '' : ' AS "id"'} ${where}`, where, params, id }
  }
  if (postgres) {
    // ILIKE finds every row LIKE with A-Z folded finds (it folds those letters and more), from the index; the
    // second test keeps exactly those, so both databases give the same answers.
    const match = columns
      .map(
        (column) =>
          `(${quote(column)} ILIKE $1 ESCAPE '\\' AND translate(${quote(column)}, '${UPPER}', '${LOWER}') LIKE $2 ESCAPE '\\')`,
      )
      .join(' OR ')
    const plain = withoutNul(term)
    return read('"id"', table, match, [likePattern(plain), likePattern(foldSearch(plain))])
  }
  const pattern = likePattern(term)
  const like = columns.map((column) => `${quote(column)} LIKE ? ESCAPE '\\'`).join(' OR ')
  const likeParams = columns.map(() => pattern)
  const index = Object.hasOwn(SEARCH_INDEXES, table) ? SEARCH_INDEXES[table] : undefined
  if (!index) return read('"id"', table, like, likeParams)
  if (!indexable(term)) return read('rowid', index, like, likeParams)
  return read('rowid', index, `${quote(index)} MATCH ?`, [ftsPhrase(foldSearch(term))])
}

/**
 * The dialect-specific part of search, as one statement: the ids of `table`'s rows where one of `columns`
 * holds `term`, newest (highest id) first. Table and column names come from the code, never from a request.
 */
export function substringSearchSql(
  table: string,
  columns: readonly string[],
  term: string,
  postgres = isPostgres(),
): { sql: string; params: string[] } {
  const { sql, params, id } = matchSql(table, columns, term, postgres)
  return { sql: `${sql} ORDER BY ${id} DESC`, params }
}

/**
 * A narrowing of a list to the rows the public may see, newest publish time first (given by the model that owns the
 * rule, app/models/publishing.server.ts `publicFilter`): the condition as text SQL around one placeholder and as
 * Prisma SQL, the time it is checked at, and the order.
 */
export type RowFilter = {
  text: (placeholder: string) => string
  sql: Prisma.Sql
  value: unknown
  orderBy: string
  /** The ids of the rows it drops, as text SQL around one placeholder (the value). */
  hidden: (placeholder: string) => string
  /** The index that holds the rows it keeps in its order (SQLite's search walks it). */
  index: string
  /**
   * The rows it may keep at some time, as text SQL (no placeholder), and the column it compares with the value: a
   * row is kept when that column is at most the value. The search in memory copies these rows (see below).
   */
  candidates: string
  time: string
}

/**
 * The ids of every row of `table` matching `term` (see above), newest first: for a list filtered further in JavaScript.
 */
export async function searchIds(table: string, columns: readonly string[], term: string): Promise<number[]> {
  const { sql, params } = substringSearchSql(table, columns, term)
  const rows = await readIds<{ id: number | bigint }>(sql, params)
  return rows.map((row) => Number(row.id))
}

/**
 * One page of the rows of `table` matching `term`, in the list's order (newest first; with `only`, the rows it keeps
 * in its order), and with `count` how many match in all. Only the page's ids and the count come back to JavaScript:
 * handing it every match's id cost more than finding them (docs/performance.md, "Search").
 *
 * A public search of a table with a search index, on SQLite, with a term of 3 characters or more, the common case:
 * the page walks the index on status and publish time in the list's order, keeping the rows among the matches, and
 * stops at the page's end, so a page near the start never reads every match; the count is the index's own count of
 * the matches less the hidden rows (drafts, scheduled: few) among them, tested by LIKE on their folded copy, which
 * is exactly what the index finds (see above). Each costs a fraction of reading every match's row.
 * Otherwise one statement: the page with a window count over the matches (or a count alone past the last page).
 */
export async function searchPage(
  table: string,
  columns: readonly string[],
  term: string,
  page: { offset: number; limit: number; count: boolean },
  only?: RowFilter,
): Promise<{ ids: number[]; total: number | null }> {
  const offset = Math.max(0, Math.trunc(page.offset))
  const limit = Math.max(1, Math.trunc(page.limit))
  if (only && !term.includes('\0')) {
    const copy = await memoryCopy(table, columns, only)
    const at = timeOf(only.value)
    // As the SQL would refuse to bind it: an impossible time never passes for "nothing is published yet".
    if (!Number.isFinite(at)) throw new RangeError(`Invalid time value: ${String(only.value)}`)
    if (copy) return searchCopy(copy, foldSearch(term), at, offset, limit, page.count)
  }
  const postgres = isPostgres()
  const { sql: match, where: matchWhere, params: matchParams } = matchSql(table, columns, term, postgres)
  const index = Object.hasOwn(SEARCH_INDEXES, table) ? SEARCH_INDEXES[table] : undefined
  if (only && index && !postgres && indexable(term)) {
    const [ids, total] = await Promise.all([
      readIds<{ id: number | bigint }>(
        `SELECT "id" FROM ${quote(table)} INDEXED BY ${quote(only.index)} WHERE "id" IN (${match}) AND ${only.text('?')} ORDER BY ${only.orderBy} LIMIT ? OFFSET ?`,
        [...matchParams, only.value, limit, offset],
      ),
      page.count
        ? readIds<{ total: number | bigint }>(
            `SELECT (SELECT COUNT(*) ${matchWhere}) - (SELECT COUNT(*) FROM ${quote(index)} WHERE rowid IN (${only.hidden('?')}) AND (${columns.map((column) => `${quote(column)} LIKE ? ESCAPE '\\'`).join(' OR ')})) AS "total"`,
            [...matchParams, only.value, ...columns.map(() => likePattern(term))],
          )
        : Promise.resolve(null),
    ])
    return { ids: ids.map((row) => Number(row.id)), total: total ? Number(total[0].total) : null }
  }
  let from: string
  let order: string
  let params: unknown[] = matchParams
  if (only) {
    const placeholder = postgres ? `$${params.length + 1}` : '?'
    from = `FROM ${quote(table)} WHERE "id" IN (${match}) AND ${only.text(placeholder)}`
    order = only.orderBy
    params = [...params, only.value]
  } else {
    from = `FROM (${match}) AS "m"`
    order = '"id" DESC'
  }
  const counted = page.count ? `, COUNT(*) OVER () AS "total"` : ''
  // The page's bounds are numbers of the code's making, written into the text: PostgreSQL's placeholders are numbered.
  const rows = await readIds<{ id: number | bigint; total?: number | bigint }>(
    `SELECT "id"${counted} ${from} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    params,
  )
  const ids = rows.map((row) => Number(row.id))
  if (!page.count) return { ids, total: null }
  if (rows.length) return { ids, total: Number(rows[0].total) }
  if (offset === 0) return { ids, total: 0 }
  const [{ total }] = await readIds<{ total: number | bigint }>(`SELECT COUNT(*) AS "total" ${from}`, params)
  return { ids, total: Number(total) }
}

/**
 * The public searches, from memory. The rows a public list may show (published, scheduled ones with their time) are
 * copied once per data version (data-version.server.ts: every write of any worker or instance changes it), in the
 * list's order, with their searched columns folded as LIKE folds; a search then walks the copy: a row is a match
 * when one folded column holds the folded term and its time has come. That is the answer of the SQL above (LIKE,
 * A-Z folded, every character literal), without a statement. The copy also lists, for each trigram of its text (3
 * UTF-16 units), the rows holding it: a row holding the term holds each of its trigrams, so a term of 3 units or
 * more is looked for only in the rows of its rarest trigram. On the 10,000-post bench village a search costs
 * 0.03 ms on average against 1.1 ms for the FTS5 page and count, and 0.2 ms for a walk of every row
 * (docs/performance.md). A copy is made only while it fits in SEARCH_MEMORY_MB; a larger table is searched by its
 * index. A term holding NUL is left to the SQL, which has its own rule for it on each database.
 */
type MemoryCopy = { ids: Float64Array; times: Float64Array; columns: string[][]; grams: Map<string, Int32Array> }

/**
 * What a copy may hold, in UTF-16 units of text (two bytes each; a trigram's row entry counts as two), per table, per
 * worker: SEARCH_MEMORY_MB.
 */
const memoryUnits = () => (getEnv().SEARCH_MEMORY_MB * 1024 * 1024) / 2

const copies = new Map<string, { version: number; copy: Promise<MemoryCopy | null> }>()

/** A time as the database gave it (a Date from PostgreSQL, ISO text or epoch milliseconds from SQLite). */
const timeOf = (value: unknown) =>
  value instanceof Date
    ? value.getTime()
    : typeof value === 'number' || typeof value === 'bigint'
      ? Number(value)
      : Date.parse(String(value))

function memoryCopy(table: string, columns: readonly string[], only: RowFilter): Promise<MemoryCopy | null> {
  const key = `${table}\n${columns.join(',')}\n${only.candidates}`
  const version = dataVersion()
  const kept = copies.get(key)
  if (kept?.version === version) return kept.copy
  const copy = readCopy(table, columns, only)
  copies.set(key, { version, copy })
  copy.catch(() => {
    if (copies.get(key)?.copy === copy) copies.delete(key)
  })
  return copy
}

async function readCopy(table: string, columns: readonly string[], only: RowFilter): Promise<MemoryCopy | null> {
  const most = memoryUnits()
  if (most <= 0) return null
  const names = columns.map((_, at) => `c${at}`)
  const rows = await readIds<Record<string, unknown>>(
    `SELECT "id", ${only.time} AS "t", ${columns.map((column, at) => `${quote(column)} AS "${names[at]}"`).join(', ')} FROM ${quote(table)} WHERE ${only.candidates} ORDER BY ${only.orderBy}`,
    [],
  )
  const copy: MemoryCopy = {
    ids: new Float64Array(rows.length),
    times: new Float64Array(rows.length),
    columns: names.map(() => new Array<string>(rows.length)),
    grams: new Map(),
  }
  const lists = new Map<string, number[]>()
  let units = 0
  for (let row = 0; row < rows.length; row++) {
    copy.ids[row] = Number(rows[row].id)
    copy.times[row] = timeOf(rows[row].t)
    for (let at = 0; at < names.length; at++) {
      const text = rows[row][names[at]]
      const folded = typeof text === 'string' ? foldSearch(text) : ''
      copy.columns[at][row] = folded
      units += folded.length
      for (let start = 0; start + 3 <= folded.length; start++) {
        const gram = folded.slice(start, start + 3)
        let list = lists.get(gram)
        if (!list) lists.set(gram, (list = []))
        // Rows are added in order, so a row already listed for this trigram is the list's last one.
        if (list[list.length - 1] !== row) {
          list.push(row)
          units += 2
        }
      }
    }
    if (units > most) return null
  }
  for (const [gram, list] of lists) copy.grams.set(gram, Int32Array.from(list))
  return copy
}

function searchCopy(
  copy: MemoryCopy,
  term: string,
  at: number,
  offset: number,
  limit: number,
  count: boolean,
): { ids: number[]; total: number | null } {
  const ids: number[] = []
  let total = 0
  const { times, columns } = copy
  // The rows to look at, in the list's order: those of the term's rarest trigram, or every row for a shorter term.
  let rows: Int32Array | undefined
  for (let start = 0; start + 3 <= term.length; start++) {
    const list = copy.grams.get(term.slice(start, start + 3))
    if (!list) return { ids, total: count ? 0 : null }
    if (!rows || list.length < rows.length) rows = list
  }
  const length = rows ? rows.length : times.length
  for (let index = 0; index < length; index++) {
    const row = rows ? rows[index] : index
    if (!(times[row] <= at)) continue
    let found = false
    for (let column = 0; column < columns.length && !found; column++) found = columns[column][row].includes(term)
    if (!found) continue
    if (total >= offset && ids.length < limit) ids.push(copy.ids[row])
    total++
    if (!count && ids.length === limit) break
  }
  return { ids, total: count ? total : null }
}

/**
 * The ids of one page of `table`, newest first. Read from the narrow index on `id` (migration
 * 20261124200100_list_page_index): a page deep in a long list steps over earlier ids, not over earlier rows.
 * With `only`, the rows it keeps in its order (a public list: from the index on status and publish time).
 */
export async function pageOfIds(table: string, offset: number, limit: number, only?: RowFilter): Promise<number[]> {
  const from = Prisma.raw(quote(table))
  const statement = only
    ? Prisma.sql`SELECT "id" FROM ${from} WHERE ${only.sql} ORDER BY ${Prisma.raw(only.orderBy)} LIMIT ${limit} OFFSET ${offset}`
    : Prisma.sql`SELECT "id" FROM ${from} ORDER BY "id" DESC LIMIT ${limit} OFFSET ${offset}`
  const rows = await readIds<{ id: number | bigint }>(isPostgres() ? statement.text : statement.sql, statement.values)
  return rows.map((row) => Number(row.id))
}
