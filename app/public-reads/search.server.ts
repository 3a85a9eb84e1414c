import { searchCopyPage } from './search-copy.server'
import { indexSearchIds, indexSearchPage } from './search-sql.server'
import type { RowFilter } from './search-terms.server'

/**
 * The lists' `?search=` (docs/api.md "Lists"), one interface for every list, public and admin: a case-insensitive
 * substring match on the list's columns, every character taken literally (`%`, `_` and `\` too), with ASCII
 * letters folded as SQLite's LIKE folds them. Two strategies answer it, always alike (tests/api/search.test.ts asks
 * a server with the copy and one without the same questions, on both databases):
 * - the copy in memory (search-copy.server.ts): a public list's searchable rows, folded, with their trigrams, read
 *   once per data version while it fits in SEARCH_MEMORY_MB; the common public search;
 * - the indexes (search-sql.server.ts): FTS5 trigram tables on SQLite, pg_trgm on PostgreSQL, or LIKE on the small
 *   tables; the admin lists, a public list too large for the copy, and a term holding NUL.
 */

/** The ids of every row of `table` matching `term`, newest first: for a list filtered further in JavaScript. */
export const searchIds = (table: string, columns: readonly string[], term: string) =>
  indexSearchIds(table, columns, term)

/**
 * One page of the rows of `table` matching `term`, in the list's order (newest first; with `only`, the public rows
 * it keeps, in its order), and with `count` how many match in all. When the copy in memory answered, `times` holds
 * each row's publish time (epoch milliseconds), so a caller can order rows of several tables without reading them.
 */
export async function searchPage(
  table: string,
  columns: readonly string[],
  term: string,
  page: { offset: number; limit: number; count: boolean },
  only?: RowFilter,
): Promise<{ ids: number[]; total: number | null; times?: number[] }> {
  const offset = Math.max(0, Math.trunc(page.offset))
  const limit = Math.max(1, Math.trunc(page.limit))
  if (only && !term.includes('\0')) {
    const found = await searchCopyPage(table, columns, term, only, offset, limit, page.count)
    if (found) return found
  }
  return indexSearchPage(table, columns, term, offset, limit, page.count, only)
}
