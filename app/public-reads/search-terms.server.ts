import type { Prisma } from '~/generated/prisma/client'

/**
 * What the search's two strategies (search-copy.server.ts, search-sql.server.ts) and the lists that search share:
 * how a term is folded and how a public list narrows its rows. Its own module, below search.server.ts, so the
 * strategies do not import the interface that calls them.
 */

/** What LIKE folds: ASCII letters only (SQLite without ICU), so `É` and `é` stay different. */
export const foldSearch = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase())

/**
 * A narrowing of a list to the rows the public may see, newest publish time first (given by the model that owns the
 * rule, app/models/content/publishing.server.ts `publicFilter`): the condition as text SQL around one placeholder and as
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
