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
