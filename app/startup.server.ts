import { dbReady } from './server/db.server'
import { getEnv } from './server/env.server'
import { storage } from './server/uploads.server'
import { withStartupLock } from './server/write-lock.server'
import { pruneActivities } from './models/activity.server'
import { accountsWithDefaultPassword } from './models/default-password.server'
import { seed } from './models/seed.server'
import { PENDING_GRACE_MS, sweepOrphanUploads } from './models/upload-sweep.server'

const describe = () => {
  const env = getEnv()
  return {
    database: env.DATABASE_LABEL,
    uploads: storage().describe(),
    port: env.PORT,
    nodeEnv: env.NODE_ENV,
    concurrency: env.NODE_ENV === 'development' ? 1 : env.WEB_CONCURRENCY,
  }
}

async function sweep(olderThanMs: number) {
  const orphans = await sweepOrphanUploads({ olderThanMs })
  if (orphans) console.warn(`[balai-desa] removed ${orphans} upload(s) that no record pointed at (left by an interrupted write)`)
}

/**
 * Called once per server (by the primary process when there are workers) before it listens: parses the
 * environment (a bad value stops the start with its name), opens the database, prepares the upload storage,
 * seeds what is missing and sweeps what a crash left behind. Instances of one PostgreSQL database that start
 * together do this one at a time.
 */
export async function startup() {
  const env = getEnv()
  await dbReady
  await storage().prepare()
  const { firstStart } = await withStartupLock(async () => {
    const seeded = await seed()
    // One server owns a SQLite file, and nothing uploads before it listens: every marker is a crash's. On
    // PostgreSQL another instance may be uploading right now: only markers older than any upload can be.
    await sweep(env.DATABASE_PROVIDER === 'sqlite' ? 0 : PENDING_GRACE_MS)
    return seeded
  })
  await pruneOldActivities()
  // Daily afterwards; the timer never keeps the process alive on shutdown.
  setInterval(pruneOldActivities, 24 * 3600 * 1000).unref()
  const weak = await accountsWithDefaultPassword()
  if (weak.length) {
    console.warn(`[balai-desa] WARNING: the seeded account(s) ${weak.join(', ')} still use the default password: change it in the admin (Users) now`)
  }
  return { env: describe(), firstStart }
}

/** Workers only open the database: the primary has done the start-up work. */
export async function workerStartup() {
  getEnv()
  await dbReady
  return { env: describe() }
}

/** While the server runs: what a process that died mid-upload (a worker, another instance) left behind. */
export function sweepPeriodically() {
  const timer = setInterval(() => void sweep(PENDING_GRACE_MS).catch((error) => console.error('[balai-desa] upload sweep failed', error)), PENDING_GRACE_MS / 3)
  timer.unref()
}

/** The activity log keeps ACTIVITY_RETENTION_DAYS (default 365) of entries. */
async function pruneOldActivities() {
  try {
    const removed = await pruneActivities()
    if (removed) console.log(`[balai-desa] removed ${removed} activity log entr${removed === 1 ? 'y' : 'ies'} older than ${getEnv().ACTIVITY_RETENTION_DAYS} days`)
  } catch (error) {
    console.error('[balai-desa] could not prune the activity log', error)
  }
}
