import { isPostgres } from './dialect.server'
import { prisma, serializeWrite } from './db.server'
import { log } from './error-log.server'

/** The tables whose rows hold personal data that is erased or deleted (a citizen's contact, an account). */
export type PersonalTable = 'reports' | 'users' | 'sessions' | 'letter_requests' | 'letter_attachments' | 'letters'

/**
 * Called after personal data was erased or deleted, so that the old values are gone from the database's files and
 * from every backup taken afterwards, not only from its rows (docs/decisions/061-erased-means-gone-from-the-file.md):
 *
 * - SQLite: every connection that writes has `secure_delete` on (db.server.ts), so the write itself zeroed the freed
 *   bytes of the pages it touched. The older copies of those pages still sit in the WAL (and, until a checkpoint, the
 *   file's own pages are the old ones): the WAL is checkpointed into the file and truncated to nothing.
 * - PostgreSQL: an updated or deleted row stays in its page as a dead tuple until VACUUM, and a plain VACUUM may leave
 *   its bytes in the page's free space: `tables` are rewritten (VACUUM FULL), skipped rather than waited for when
 *   another session holds a lock on one (a running pg_dump), so no request queues behind it.
 *
 * Never throws: the erase is done and committed; what could not be scrubbed now is logged (with the table names
 * only) and is scrubbed by the next erase.
 */
export async function scrubErased(tables: readonly PersonalTable[]): Promise<void> {
  try {
    if (isPostgres()) await vacuumFull(tables)
    else await truncateWal()
  } catch (error) {
    log.warn({ event: 'erased-bytes', tables, err: error }, 'could not scrub erased personal data from the database')
  }
}

/** Checkpoints the WAL into the file and truncates it, inside the write lock (no write of ours in between). */
async function truncateWal() {
  const [result] = await serializeWrite(() =>
    prisma.$queryRawUnsafe<{ busy: number | bigint }[]>('PRAGMA wal_checkpoint(TRUNCATE)'),
  )
  // Busy: another process held a read open past the busy timeout; the WAL keeps its frames until the next erase.
  if (Number(result?.busy ?? 0) !== 0)
    log.warn({ event: 'erased-bytes', busy: true }, 'the WAL could not be truncated after an erase: a reader held it')
}

async function vacuumFull(tables: readonly PersonalTable[]) {
  for (const table of tables) {
    // The relation's file changes when VACUUM FULL rewrote it; the same file means it was skipped (SKIP_LOCKED).
    const fileNode = async () =>
      (await prisma.$queryRawUnsafe<{ node: unknown }[]>(`SELECT pg_relation_filenode('"${table}"') AS "node"`))[0]
        ?.node
    const before = await fileNode()
    await prisma.$executeRawUnsafe(`VACUUM (FULL, SKIP_LOCKED) "${table}"`)
    if (String(await fileNode()) === String(before))
      log.warn({ event: 'erased-bytes', table }, `VACUUM FULL of ${table} was skipped: another session held a lock`)
  }
}
