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
 *   another session holds a lock on one, so no request queues behind it, and tried again a few times over 3 s (an
 *   autovacuum or a reader's transaction holds one for a moment; a running pg_dump longer).
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

/**
 * The pauses before each new try of a VACUUM FULL that was skipped (3 s in all). A lock held for a moment (autovacuum
 * or autoanalyze of the table, a reader's transaction) is gone by then; one held longer (a pg_dump) is logged.
 */
export const VACUUM_RETRY_PAUSES_MS = [100, 200, 400, 800, 1_500]

async function vacuumFull(tables: readonly PersonalTable[]) {
  for (const table of tables) {
    // The relation's file changes when VACUUM FULL rewrote it; the same file means it was skipped (SKIP_LOCKED).
    const fileNode = async () =>
      String(
        (await prisma.$queryRawUnsafe<{ node: unknown }[]>(`SELECT pg_relation_filenode('"${table}"') AS "node"`))[0]
          ?.node,
      )
    let rewritten = false
    for (let attempt = 0; !rewritten && attempt <= VACUUM_RETRY_PAUSES_MS.length; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, VACUUM_RETRY_PAUSES_MS[attempt - 1]))
      const before = await fileNode()
      await prisma.$executeRawUnsafe(`VACUUM (FULL, SKIP_LOCKED) "${table}"`)
      rewritten = (await fileNode()) !== before
    }
    if (!rewritten)
      log.warn({ event: 'erased-bytes', table }, `VACUUM FULL of ${table} was skipped: another session held a lock`)
  }
}
