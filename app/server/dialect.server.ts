import { getEnv } from './env.server'

/**
 * Where SQLite and PostgreSQL differ for the app's queries: decided here only.
 * Case-insensitive substring search: SQLite's LIKE folds ASCII letters (its `contains`); PostgreSQL's `contains`
 * is case-sensitive, so it asks for ILIKE (`mode: 'insensitive'`), answered from the pg_trgm indexes of the
 * migrations, and folds every letter.
 */
export const isPostgres = () => getEnv().DATABASE_PROVIDER === 'postgresql'

/** A Prisma string filter: `column` holds `part`, whatever the case. */
export const containsFilter = (part: string): object => (isPostgres() ? { contains: part, mode: 'insensitive' } : { contains: part })

/** Folds case the way the database's search does, for matching a search literally in code. */
export const foldCase = (text: string) =>
  isPostgres() ? text.toLowerCase() : text.replace(/[A-Z]/g, (letter) => letter.toLowerCase())

/**
 * PostgreSQL's text cannot hold the NUL character (SQLite's can): it is dropped from every value a query sends
 * (an input field, a slug in an address, a search), so such input gets the same answer as without it, never an
 * error from the database.
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('\u0000') ? value.split('\u0000').join('') : value) as T
  if (Array.isArray(value)) return value.map(withoutNul) as T
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutNul(item)])) as T
  }
  return value
}
