import { announceClock } from './utils/clock.server'
import { dbReady } from './utils/db.server'
import { getEnv } from './utils/config.server'
import { log } from './utils/error-log.server'
import { storage } from './utils/upload-pipeline.server'
import { withStartupLock } from './utils/write-lock.server'
import { pruneActivities } from './models/activity.server'
import { sweepContentUploads } from './models/content-images.server'
import { runDataMigrations } from './models/data-migrations.server'
import { accountsWithDefaultPassword } from './models/default-password.server'
import { seed } from './models/seed.server'
import { nameUploadSizes } from './models/upload-sizes.server'
import { PENDING_GRACE_MS, sweepOrphanUploads } from './models/upload-sweep.server'

/** What server.mjs needs to listen and to log its start-up line. */
const describe = () => {
  const env = getEnv()
  return {
    database: env.DATABASE_LABEL,
    uploads: storage().describe(),
    port: env.PORT,
    concurrency: env.NODE_ENV === 'development' ? 1 : env.WEB_CONCURRENCY,
    trustProxy: env.TRUST_PROXY,
    siteUrl: env.SITE_URL,
    logRequests: env.LOG_REQUESTS,
    logLevel: env.LOG_LEVEL,
  }
}

async function sweep(olderThanMs: number) {
  const orphans = await sweepOrphanUploads({ olderThanMs })
  if (orphans)
    log.warn(
      { event: 'orphan-uploads', count: orphans },
      `removed ${orphans} upload file(s) that no record pointed at (left by an interrupted write)`,
    )
}

/**
 * Called once per server (by the primary process when there are workers) before it listens: parses the
 * environment (a bad value stops the start with its name), opens the database, prepares the upload storage,
 * seeds what is missing and sweeps what a crash left behind. Instances of one PostgreSQL database that start
 * together do this one at a time.
 */
export async function startup() {
  const env = getEnv()
  announceClock()
  if (env.JWT_SECRET_GENERATED) {
    log.info(
      { event: 'jwt-secret', file: env.JWT_SECRET_FILE },
      `no JWT_SECRET given: generated one in ${env.JWT_SECRET_FILE} (kept for the next starts)`,
    )
  }
  await dbReady
  await storage().prepare()
  const { firstStart } = await withStartupLock(async () => {
    const seeded = await seed()
    // One server owns a SQLite file, and nothing uploads before it listens: every marker is a crash's. On
    // PostgreSQL another instance may be uploading right now: only markers older than any upload can be.
    await sweep(env.DATABASE_PROVIDER === 'sqlite' ? 0 : PENDING_GRACE_MS)
    const sized = await nameUploadSizes()
    if (sized)
      log.info(
        { event: 'upload-sizes', count: sized },
        `gave ${sized} picture(s) stored by an older version a name with their size, and copies in the widths they have`,
      )
    for (const { name, changed } of await runDataMigrations()) {
      log.info(
        { event: 'data-migration', name, count: changed },
        `data migration ${name} done (${changed} record(s) changed)`,
      )
    }
    await sweepContent()
    return seeded
  })
  await pruneOldActivities()
  // Daily afterwards; the timer never keeps the process alive on shutdown.
  setInterval(pruneOldActivities, 24 * 3600 * 1000).unref()
  const weak = await accountsWithDefaultPassword()
  if (weak.length) {
    log.warn(
      { event: 'default-password', accounts: weak },
      `the seeded account(s) ${weak.join(', ')} still use the default password: change it in the admin (Users) now`,
    )
  }
  return { env: describe(), firstStart }
}

/** Workers only open the database: the primary has done the start-up work. */
export async function workerStartup() {
  getEnv()
  announceClock()
  await dbReady
  return { env: describe() }
}

/** Images inside rich text that no content has held for 24 hours (models/content-images.server.ts). */
async function sweepContent() {
  const removed = await sweepContentUploads()
  if (removed)
    log.info(
      { event: 'content-uploads', count: removed },
      `removed ${removed} image(s) that no content has held for 24 hours`,
    )
}

/**
 * While the server runs: what a process that died mid-upload (a worker, another instance) left behind, and, hourly,
 * the unused images of rich text.
 */
export function sweepPeriodically() {
  const timer = setInterval(
    () =>
      void sweep(PENDING_GRACE_MS).catch((error) =>
        log.error({ event: 'upload-sweep', err: error }, 'upload sweep failed'),
      ),
    PENDING_GRACE_MS / 3,
  )
  timer.unref()
  const hourly = setInterval(
    () =>
      void sweepContent().catch((error) =>
        log.error({ event: 'content-uploads', err: error }, 'content image sweep failed'),
      ),
    3600 * 1000,
  )
  hourly.unref()
}

/** The activity log keeps ACTIVITY_RETENTION_DAYS (default 365) of entries. */
async function pruneOldActivities() {
  try {
    const removed = await pruneActivities()
    if (removed) {
      const days = getEnv().ACTIVITY_RETENTION_DAYS
      log.info(
        { event: 'activity-prune', count: removed, days },
        `removed ${removed} activity log entr${removed === 1 ? 'y' : 'ies'} older than ${days} days`,
      )
    }
  } catch (error) {
    log.error({ event: 'activity-prune', err: error }, 'could not prune the activity log')
  }
}
