import { isPostgres, withoutNul } from '~/utils/dialect.server'
import { quote, readRows } from './row-reader.server'
import { foldSearch, type RowFilter } from './search-terms.server'

/**
 * The search strategy of the indexes (search.server.ts chooses it): the lists' `?search=` (docs/api.md "Lists"): a
 * case-insensitive substring match on the list's columns, every character taken literally (`%`, `_` and `\` too),
 * answered from an index on both databases.
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
  documents: 'documents_fts',
  events: 'events_fts',
  developments: 'developments_fts',
}

/** `term` as a LIKE pattern that matches it literally anywhere (with `ESCAPE '\'`). */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** `term` as one FTS5 phrase: its trigrams, in order, in one column. */
const ftsPhrase = (term: string) => `"${term.replaceAll('"', '""')}"`

/** Trigrams need 3 characters (code points, not UTF-16 units); a NUL would end the phrase early. */
const indexable = (term: string) => [...term].length >= 3 && !term.includes('\0')

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const LOWER = UPPER.toLowerCase()

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
          `(${quote(column)} ILIKE $1 ESCAPE '\\' AND ` +
          `translate(${quote(column)}, '${UPPER}', '${LOWER}') LIKE $2 ESCAPE '\\')`,
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
 * One page of the rows of `table` matching `term` from the indexes, in the list's order (newest first; with `only`,
 * the rows it keeps in its order), and with `count` how many match in all. Only the page's ids and the count come
 * back to JavaScript: handing it every match's id cost more than finding them.
 *
 * A public search of a table with a search index, on SQLite, with a term of 3 characters or more: the page walks
 * the index on status and publish time in the list's order, keeping the rows among the matches, and stops at the
 * page's end, so a page near the start never reads every match; the count is the index's own count of the matches
 * less the hidden rows (drafts, scheduled: few) among them, tested by LIKE on their folded copy, which is exactly what
 * the index finds (see above). Otherwise one statement: the page with a window count over the matches (or a count
 * alone past the last page).
 */
export async function indexSearchPage(
  table: string,
  columns: readonly string[],
  term: string,
  offset: number,
  limit: number,
  count: boolean,
  only?: RowFilter,
): Promise<{ ids: number[]; total: number | null }> {
  const postgres = isPostgres()
  const { sql: match, where: matchWhere, params: matchParams } = matchSql(table, columns, term, postgres)
  const index = Object.hasOwn(SEARCH_INDEXES, table) ? SEARCH_INDEXES[table] : undefined
  if (only && index && !postgres && indexable(term)) {
    const [ids, total] = await Promise.all([
      readRows<{ id: number | bigint }>(
        `SELECT "id" FROM ${quote(table)} INDEXED BY ${quote(only.index)} WHERE "id" IN (${match}) ` +
          `AND ${only.text('?')} ORDER BY ${only.orderBy} LIMIT ? OFFSET ?`,
        [...matchParams, only.value, limit, offset],
      ),
      count
        ? readRows<{ total: number | bigint }>(
            `SELECT (SELECT COUNT(*) ${matchWhere}) - (SELECT COUNT(*) FROM ${quote(index)} ` +
              `WHERE rowid IN (${only.hidden('?')}) AND ` +
              `(${columns.map((column) => `${quote(column)} LIKE ? ESCAPE '\\'`).join(' OR ')})) AS "total"`,
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
  const counted = count ? `, COUNT(*) OVER () AS "total"` : ''
  // The page's bounds are numbers of the code's making, written into the text: PostgreSQL's placeholders are numbered.
  const rows = await readRows<{ id: number | bigint; total?: number | bigint }>(
    `SELECT "id"${counted} ${from} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    params,
  )
  const ids = rows.map((row) => Number(row.id))
  if (!count) return { ids, total: null }
  if (rows.length) return { ids, total: Number(rows[0].total) }
  if (offset === 0) return { ids, total: 0 }
  const [{ total }] = await readRows<{ total: number | bigint }>(`SELECT COUNT(*) AS "total" ${from}`, params)
  return { ids, total: Number(total) }
}

/** The ids of every row of `table` matching `term`, newest first: for a list filtered further in JavaScript. */
export async function indexSearchIds(table: string, columns: readonly string[], term: string): Promise<number[]> {
  const { sql, params } = substringSearchSql(table, columns, term)
  const rows = await readRows<{ id: number | bigint }>(sql, params)
  return rows.map((row) => Number(row.id))
}
