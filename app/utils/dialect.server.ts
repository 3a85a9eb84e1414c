import { getEnv } from './config.server'

/**
 * Where SQLite and PostgreSQL differ for the app's queries: decided here, and for search in search.server.ts
 * (SQLite's FTS5 trigram tables and LIKE, PostgreSQL's ILIKE answered from the pg_trgm indexes of the migrations).
 */
export const isPostgres = () => getEnv().DATABASE_PROVIDER === 'postgresql'

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
