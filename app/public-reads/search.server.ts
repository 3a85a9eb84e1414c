import type { Prisma } from '~/generated/prisma/client'
import { searchCopyPage } from './search-copy.server'
import { indexSearchIds, indexSearchPage } from './search-sql.server'

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

/** What LIKE folds: ASCII letters only (SQLite without ICU), so `É` and `é` stay different. */
export const foldSearch = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase())

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
