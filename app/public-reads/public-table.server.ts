import { Prisma } from '~/generated/prisma/client'
import { paginate, type ListQuery, type Paginated } from '~/lib/paging'
import { now } from '~/utils/clock.server'
import { isPostgres, withoutNul } from '~/utils/dialect.server'
import { cachedRead } from './read-memo.server'
import { quote, readRows } from './row-reader.server'
import { searchIds, searchPage } from './search.server'
import { foldSearch, type RowFilter } from './search-terms.server'

/**
 * From this row of a plain list on (no search, no view), a page's ids are a slice of the list's whole order, read
 * once per data version and kept in the read memo: SQL's OFFSET steps over every earlier entry of the index on each
 * page (0.5 ms at row 5,000 of 10,000 posts), and the deep pages of a long list are what crawlers walk.
 */
export const DEEP_ROWS = 90
/** A longer list reads its deep pages from the index still: its order would hold 800 KB or more. */
export const MAX_KEPT_ORDER = 100_000

/**
 * The public reads of one table, declared once by its model from the same Prisma select the back office reads with:
 * what the public site and `/api/public/*` show of a post, a product, a page, an official, a photo, a slider.
 *
 * Each read is one SQL statement run by the row reader (row-reader.server.ts): the select's scalar fields and, for
 * each relation in `joins`, the related row's selected columns as a nested object (null when there is none), the
 * shape Prisma gives for the select, without its query planning and one query per relation: several times less work
 * for the reads every visitor makes. tests/api/public-reads.test.ts holds every declared table's rows equal to
 * Prisma's, on both databases.
 *
 * `visible` is the rule of what the public may see now and in which order (the publishing rule of
 * models/content/publishing.server.ts); a table without one shows every row, newest first. A list page is kept in the read
 * memo (read-memo.server.ts) under its canonical query: the count (per search, or of the list) and each page's rows;
 * a page past the last one is answered from the count alone and keeps nothing of its own.
 */
export type PublicTableDeclaration = {
  table: string
  /** The model's Prisma select: `true` for a column, `{ select: {...} }` for a belongs-to relation in `joins`. */
  select: Record<string, unknown>
  /** Each relation of the select: the related table, and the column of the row that holds its id. */
  joins?: Record<string, { table: string; key: string }>
  /** The columns a public list's `?search=` looks in (docs/api.md "Lists"). */
  searchColumns?: readonly string[]
  /** The rows the public may see, at the time of the call (checked inside each memoised read). */
  visible?: () => RowFilter
}

/** A view of a public list (see `list`). */
export type Narrow = {
  name: string
  sql: (at: Date) => Prisma.Sql
  orderBy?: string
  keep: [string, string][]
}

/** Every declared table, by name: the parity test reads each through both executors. */
const DECLARED = new Map<
  string,
  { declaration: PublicTableDeclaration; byIds: (ids: number[]) => Promise<unknown[]> }
>()
export const publicTables = () =>
  DECLARED as ReadonlyMap<string, typeof DECLARED extends Map<string, infer T> ? T : never>

export function publicTable<Row>(declaration: PublicTableDeclaration) {
  const { table, select, joins = {}, searchColumns = [], visible } = declaration
  const fields = Object.entries(select).filter(([, value]) => value !== false)
  const self = Prisma.raw(quote(table))
  const columns: Prisma.Sql[] = []
  const from: Prisma.Sql[] = [self]
  fields.forEach(([field, value], index) => {
    const join = joins[field]
    if (value === true) return void columns.push(Prisma.sql`${self}.${Prisma.raw(quote(field))}`)
    if (!join) throw new Error(`publicTable: no join for ${table}.${field}`)
    const alias = Prisma.raw(quote(`j${index}`))
    from.push(
      Prisma.sql`LEFT JOIN ${Prisma.raw(quote(join.table))} AS ${alias} ON ${alias}."id" = ${self}.${Prisma.raw(
        quote(join.key),
      )}`,
    )
    for (const column of Object.keys((value as { select: object }).select))
      columns.push(Prisma.sql`${alias}.${Prisma.raw(quote(column))} AS ${Prisma.raw(quote(`${field}.${column}`))}`)
  })
  const head = Prisma.sql`SELECT ${Prisma.join(columns)} FROM ${Prisma.join(from, ' ')}`
  const shape = (row: Record<string, unknown>): Row => {
    const out: Record<string, unknown> = {}
    for (const [field, value] of fields) {
      if (value === true) {
        out[field] = row[field]
        continue
      }
      const nested = Object.keys((value as { select: object }).select)
      out[field] =
        row[`${field}.id`] === null
          ? null
          : Object.fromEntries(nested.map((column) => [column, row[`${field}.${column}`]]))
    }
    return out as Row
  }
  const run = async <T>(statement: Prisma.Sql) =>
    readRows<T>(isPostgres() ? statement.text : statement.sql, statement.values)
  const read = async (rest: Prisma.Sql) => (await run<Record<string, unknown>>(Prisma.sql`${head} ${rest}`)).map(shape)
  const rule = (glue: 'WHERE' | 'AND', filter = visible?.()) =>
    filter ? Prisma.sql`${Prisma.raw(glue)} ${filter.sql}` : Prisma.empty
  const order = (filter = visible?.()) =>
    Prisma.raw(`ORDER BY ${filter ? qualified(filter.orderBy) : `${quote(table)}."id" DESC`}`)
  /** The filter's order (`"published_at" DESC, "id" DESC`) on this table's columns, as the joins need it. */
  const qualified = (orderBy: string) => orderBy.replace(/"(\w+)"/g, `${quote(table)}."$1"`)

  /** The rows with these ids, newest first. */
  const byIds = (ids: number[]) =>
    ids.length
      ? read(Prisma.sql`WHERE ${self}."id" IN (${Prisma.join(ids)}) ORDER BY ${self}."id" DESC`)
      : Promise.resolve([] as Row[])

  /** The ids of one page, in the list's order (from the index on status and publish time, or the one on `id`). */
  const pageOfIds = async (offset: number, limit: number, filter?: RowFilter) => {
    const statement = filter
      ? Prisma.sql`SELECT "id" FROM ${self} WHERE ${filter.sql} ORDER BY ${Prisma.raw(
          filter.orderBy,
        )} LIMIT ${limit} OFFSET ${offset}`
      : Prisma.sql`SELECT "id" FROM ${self} ORDER BY "id" DESC LIMIT ${limit} OFFSET ${offset}`
    return (await run<{ id: number | bigint }>(statement)).map((row) => Number(row.id))
  }
  /** Every id of the list, in its order (from the same index as `pageOfIds`), eight bytes an id. */
  const orderOfIds = async (filter?: RowFilter) => {
    const statement = filter
      ? Prisma.sql`SELECT "id" FROM ${self} WHERE ${filter.sql} ORDER BY ${Prisma.raw(filter.orderBy)}`
      : Prisma.sql`SELECT "id" FROM ${self} ORDER BY "id" DESC`
    return Float64Array.from(await run<{ id: number | bigint }>(statement), (row) => Number(row.id))
  }
  const count = async (filter?: RowFilter) =>
    Number(
      (
        await run<{ total: number | bigint }>(
          Prisma.sql`SELECT COUNT(*) AS "total" FROM ${self} ${rule('WHERE', filter)}`,
        )
      )[0].total,
    )

  /** The rows of these ids, in the order of the ids. */
  const rowsOf = async (ids: number[]) => {
    if (!ids.length) return []
    const found = (await byIds(ids)) as (Row & { id: number })[]
    const byId = new Map(found.map((row) => [row.id, row]))
    return ids.flatMap((id) => byId.get(id) ?? [])
  }

  DECLARED.set(table, { declaration, byIds })
  return {
    declaration,
    byIds,
    /** The `count` newest rows the public may see (all of them without a count). */
    newest: (limit?: number) =>
      read(
        limit === undefined
          ? Prisma.sql`${rule('WHERE')} ${order()}`
          : Prisma.sql`${rule('WHERE')} ${order()} LIMIT ${limit}`,
      ),
    /** The row whose `column` holds `value`, if the public may see it; or null. */
    one: async (column: string, value: string | number): Promise<Row | null> =>
      (
        await read(
          Prisma.sql`WHERE ${self}.${Prisma.raw(quote(column))} = ${
            isPostgres() ? withoutNul(value) : value
          } ${rule('AND')}`,
        )
      )[0] ?? null,
    /**
     * One page of the public list, in the contract's paging payload: the page's ids first (from one page of a
     * search's matches and their count, or from the list's index), then only their rows. Each read is kept in the
     * read memo under its canonical query ("now" is taken inside each read, after the memo has taken the data version
     * it keys the read by: a publish time passing later changes that version, never the answer kept under it).
     * `narrow`: a view of the list (the agenda's upcoming or past events, documents by kind), a condition on this
     * table's columns at the read's time that narrows the rule, never replaces it, with its own order if it has one,
     * and the parameters its paging links keep; `name` keeps its reads apart in the memo. `map` shapes each row.
     */
    list: async <Item = Row>(
      query: ListQuery,
      path: string,
      options: { narrow?: Narrow; map?: (row: Row) => Item } = {},
    ): Promise<Paginated<Item>> => {
      const { narrow, map } = options
      const skip = (query.page - 1) * query.limit
      // LIKE folds A-Z only, so searches differing only there have the same matches.
      const search = foldSearch(query.search)
      const key = (...parts: unknown[]) =>
        JSON.stringify([table, search, narrow?.name ?? '', narrow?.keep ?? [], ...parts])
      let total: number
      let rows: Row[] = []
      if (narrow) {
        const where = async () => {
          const filter = visible?.()
          const conditions = [narrow.sql(now()), ...(filter ? [filter.sql] : [])]
          if (search) {
            const ids = await searchIds(table, searchColumns, search)
            conditions.push(ids.length ? Prisma.sql`${self}."id" IN (${Prisma.join(ids)})` : Prisma.sql`1 = 0`)
          }
          return { sql: Prisma.join(conditions, ' AND '), filter }
        }
        total = await cachedRead(key('count'), async () => {
          const { sql } = await where()
          return Number(
            (await run<{ total: number | bigint }>(Prisma.sql`SELECT COUNT(*) AS "total" FROM ${self} WHERE ${sql}`))[0]
              .total,
          )
        })
        if (skip < total)
          rows = await cachedRead(key(query.page, query.limit), async () => {
            const { sql, filter } = await where()
            const ids = await run<{ id: number | bigint }>(
              Prisma.sql`SELECT "id" FROM ${self} WHERE ${sql} ORDER BY ${Prisma.raw(
                narrow.orderBy ?? (filter ? filter.orderBy : '"id" DESC'),
              )} LIMIT ${query.limit} OFFSET ${skip}`,
            )
            return rowsOf(ids.map((row) => Number(row.id)))
          })
      } else if (search) {
        // The count and the first page asked for are read together; another page of a counted search reads its ids.
        const page = (counted: boolean) =>
          searchPage(table, searchColumns, search, { offset: skip, limit: query.limit, count: counted }, visible?.())
        let first: number[] | undefined
        total = await cachedRead(key('count'), async () => {
          const counted = await page(true)
          first = counted.ids
          return counted.total ?? 0
        })
        if (skip < total)
          rows = await cachedRead(key(query.page, query.limit), async () => rowsOf(first ?? (await page(false)).ids))
      } else {
        total = await cachedRead(key('count'), () => count(visible?.()))
        if (skip < total)
          rows = await cachedRead(key(query.page, query.limit), async () =>
            rowsOf(
              skip >= DEEP_ROWS && total <= MAX_KEPT_ORDER
                ? Array.from(
                    (await cachedRead(key('order'), () => orderOfIds(visible?.()))).subarray(skip, skip + query.limit),
                  )
                : await pageOfIds(skip, query.limit, visible?.()),
            ),
          )
      }
      const paged = narrow ? { ...query, keep: [...(query.keep ?? []), ...narrow.keep] } : query
      return paginate(map ? rows.map(map) : (rows as unknown as Item[]), total, paged, path)
    },
  }
}

/** The reads of one declared public table. */
export type PublicTable<Row> = ReturnType<typeof publicTable<Row>>
