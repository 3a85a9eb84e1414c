import Database from 'better-sqlite3'
import { OutsideScopeError, perVillage } from './village-scope.server'

/**
 * With REGENCY_HOST on SQLite (decision 055): the one read connection of a village, opened on its first use and
 * shared by its public reader (app/public-reads/row-reader.server.ts) and its data version (data-version.server.ts),
 * so a village's first request opens one connection, not two, and a village kept open holds three files (the
 * database, its write-ahead log and shared memory), not six. Its page cache is kept small (CACHE_KIB): hundreds
 * of villages may be open at once, and their pages stay in the system's file cache besides.
 */
const CACHE_KIB = 1024

export const villageReadConnection = perVillage(
  'the read connection',
  (scope) => {
    if (!scope) throw new OutsideScopeError('the read connection')
    let db: Database.Database | undefined
    return {
      get: () => {
        if (!db) {
          db = new Database(scope.databaseFile, { fileMustExist: true, timeout: 10_000 })
          db.pragma(`cache_size = -${CACHE_KIB}`)
        }
        return db
      },
      close: () => {
        db?.close()
        db = undefined
      },
    }
  },
  (connection) => connection.close(),
)
