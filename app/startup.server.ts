import { announceClock } from './utils/clock.server'
import { passwordCost } from './utils/password.server'
import { dbReady } from './utils/db.server'
import { getEnv } from './utils/config.server'
import { log } from './utils/error-log.server'
import { storage, sweepStaging, uploadsPlace } from './utils/upload-pipeline.server'
import { withStartupLock } from './utils/write-lock.server'
import { pruneActivities } from './models/accounts/activity.server'
import { eraseOldContacts } from './models/citizen-services/report.server'
import { eraseOldLetterData } from './models/citizen-services/letter-request.server'
import { sweepContentUploads } from './models/content/content-images.server'
import { runDataMigrations } from './models/site/data-migrations.server'
import { accountsWithDefaultPassword } from './models/accounts/default-password.server'
import { seed } from './models/site/seed.server'
import { nameUploadSizes } from './models/site/upload-sizes.server'
import { seedRegency } from './models/regency/regency.server'
import { allVillages, inVillage, migrateAll, scopeOf, sweepLeftoverVillages } from './models/regency/villages.server'
import { villageFiguresBatch } from './models/regency/regency-figures.server'
import { announceCrashPoint } from './utils/test-hooks.server'
import { PENDING_GRACE_MS, sweepOrphanUploads } from './models/site/upload-sweep.server'

/** What server.mjs needs to listen and to log its start-up line. */
const describe = () => {
  const env = getEnv()
  return {
    database: env.DATABASE_LABEL,
    uploads: uploadsPlace(),
    port: env.PORT,
    concurrency: env.NODE_ENV === 'development' ? 1 : env.WEB_CONCURRENCY,
    trustProxy: env.TRUST_PROXY,
    siteUrl: env.SITE_URL,
    logRequests: env.LOG_REQUESTS,
    logLevel: env.LOG_LEVEL,
    regencyHost: env.REGENCY_HOST,
  }
}

async function sweep(olderThanMs: number) {
  const staged = await sweepStaging(olderThanMs)
  if (staged)
    log.info(
      { event: 'staged-uploads', count: staged },
      `removed ${staged} staged upload(s) or image task(s) an interrupted server left in UPLOADS_DIR/.tmp`,
    )
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
  if (env.REGENCY_HOST) return regencyStartup()
  announceClock()
  passwordCost()
  if (env.JWT_SECRET_GENERATED) {
    log.info(
      { event: 'jwt-secret', file: env.JWT_SECRET_FILE },
      `no JWT_SECRET given: generated one in ${env.JWT_SECRET_FILE} (kept for the next starts)`,
    )
  }
  await dbReady
  await storage().prepare()
  const { STORAGE } = env
  if (STORAGE.kind === 's3' && STORAGE.publicUrl && !STORAGE.privateBucket)
    log.warn(
      { event: 'private-storage' },
      'documents and report photos are kept under private/ in S3_BUCKET, which S3_PUBLIC_URL serves: leave that ' +
        'prefix out of its public policy, or set S3_PRIVATE_BUCKET ' +
        '(docs/decisions/045-private-storage-of-documents.md)',
    )
  const { firstStart } = await withStartupLock(async () => {
    const seeded = await seed()
    // One server owns a SQLite file, and nothing uploads before it listens: every marker is a crash's. On
    // PostgreSQL another instance may be uploading right now: only markers older than any upload can be.
    await sweep(env.DATABASE_PROVIDER === 'sqlite' ? 0 : PENDING_GRACE_MS)
    const sized = await nameUploadSizes()
    if (sized)
      log.info(
        { event: 'upload-sizes', count: sized },
        `gave ${sized} picture(s) stored by an older version a name with their size, and copies in the widths ` +
          `they have`,
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
  await dailyCleanUp()
  // Daily afterwards; the timer never keeps the process alive on shutdown.
  setInterval(dailyCleanUp, 24 * 3600 * 1000).unref()
  const weak = await accountsWithDefaultPassword()
  if (weak.length) {
    log.warn(
      { event: 'default-password', accounts: weak },
      `the seeded account(s) ${weak.join(', ')} still use the default password: change it in the admin (Users) now`,
    )
  }
  return { env: describe(), firstStart }
}

/**
 * With REGENCY_HOST (decision 055): the regency's database and every village's migrated (a failure stops the start,
 * naming the village), the regency's account seeded, then each village in turn brought up as one village's start
 * does (permissions topped up, what a crash left swept, data migrations, the daily clean-up). One village whose
 * sweep or clean-up fails is named on the log and the others carry on.
 */
async function regencyStartup() {
  const env = getEnv()
  announceClock()
  passwordCost()
  if (env.JWT_SECRET_GENERATED)
    log.info(
      { event: 'jwt-secret', file: env.JWT_SECRET_FILE },
      `no JWT_SECRET given: generated one in ${env.JWT_SECRET_FILE} (kept for the next starts)`,
    )
  announceCrashPoint()
  await migrateAll()
  // What a village's creation, import or deletion cut short by a crash left: no village without its registry row.
  await sweepLeftoverVillages()
  await seedRegency()
  await sweepStaging(0)
  const figures = villageFiguresBatch()
  await eachVillage('start', async () => {
    await storage().prepare()
    await seed({ demo: false, staffAccount: false })
    const orphans = await sweepOrphanUploads({ olderThanMs: 0 })
    if (orphans) log.warn({ event: 'orphan-uploads', count: orphans }, `removed ${orphans} orphaned upload file(s)`)
    await runDataMigrations()
    await dailyCleanUp()
    // While the village is open: its figures, so the regency's figures call opens none that did not write since.
    await figures.add().catch(figuresNotKept)
  })
  await figures.keep().catch(figuresNotKept)
  setInterval(
    async () => {
      const daily = villageFiguresBatch()
      await eachVillage('daily clean-up', async () => {
        await dailyCleanUp()
        await daily.add().catch(figuresNotKept)
      })
      await daily.keep().catch(figuresNotKept)
    },
    24 * 3600 * 1000,
  ).unref()
  log.info(
    { event: 'regency', host: env.REGENCY_HOST, villages: allVillages().length },
    `serving the regency ${env.REGENCY_HOST} and ${allVillages().length} village(s)`,
  )
  return { env: describe(), firstStart: false }
}

/** The villages' figures not computed or kept at start or the daily pass (decision 082): their first call will. */
const figuresNotKept = (error: unknown) =>
  log.warn({ event: 'regency-figures-keep', err: error }, 'could not keep the villages’ figures')

/** `work` in every village's scope in turn; one village's failure is logged with its name, the rest go on. */
async function eachVillage(what: string, work: () => Promise<void>) {
  const villages = allVillages()
  let failed = 0
  for (const village of villages) {
    try {
      await inVillage(scopeOf(village), work)
    } catch (error) {
      failed += 1
      log.error(
        { event: 'village-task', village: village.slug, err: error },
        `${what} failed for village ${village.slug}`,
      )
    }
  }
  if (failed) log.warn({ event: 'village-task', failed }, `${what}: ${failed} of ${villages.length} village(s) failed`)
}

/** Workers only open the database: the primary has done the start-up work. */
export async function workerStartup() {
  getEnv()
  announceClock()
  await dbReady
  return { env: describe() }
}

/** Images inside rich text that no content has held for 24 hours (models/content/content-images.server.ts). */
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
  const everywhere = (work: () => Promise<void>) => (getEnv().REGENCY_HOST ? eachVillage('sweep', work) : work())
  const timer = setInterval(
    () =>
      void everywhere(() => sweep(PENDING_GRACE_MS)).catch((error) =>
        log.error({ event: 'upload-sweep', err: error }, 'upload sweep failed'),
      ),
    PENDING_GRACE_MS / 3,
  )
  timer.unref()
  // On PostgreSQL, what another instance killed in the middle of a village's creation, import or deletion left (the
  // build lock keeps the sweep off any village being built now); on SQLite one server owns the files and sweeps them
  // at its start.
  if (getEnv().REGENCY_HOST && getEnv().DATABASE_PROVIDER === 'postgresql')
    setInterval(
      () =>
        void sweepLeftoverVillages().catch((error) =>
          log.error({ event: 'village-leftovers', err: error }, 'village leftovers sweep failed'),
        ),
      PENDING_GRACE_MS / 3,
    ).unref()
  const hourly = setInterval(
    () =>
      void (getEnv().REGENCY_HOST ? eachVillage('content sweep', sweepContent) : sweepContent()).catch((error) =>
        log.error({ event: 'content-uploads', err: error }, 'content image sweep failed'),
      ),
    3600 * 1000,
  )
  hourly.unref()
}

/**
 * The daily clean-up: old activity entries, the contact details of reports closed long ago, and the personal data of
 * letter requests ended long ago.
 */
async function dailyCleanUp() {
  await pruneOldActivities()
  await eraseOldReportContacts()
  await eraseOldLetterRequestData()
}

/**
 * One step of the daily clean-up: `run` removes what is older than the days of `retention` and counts it; a count
 * above 0 is logged (`done`), a failure too (`failed`), and neither stops the next step.
 */
async function cleanUp(
  event: string,
  retention: 'REPORT_CONTACT_RETENTION_DAYS' | 'ACTIVITY_RETENTION_DAYS' | 'LETTER_DATA_RETENTION_DAYS',
  run: () => Promise<number>,
  done: (count: number, days: number) => string,
  failed: string,
) {
  try {
    const count = await run()
    if (count) {
      const days = getEnv()[retention]
      log.info({ event, count, days }, done(count, days))
    }
  } catch (error) {
    log.error({ event, err: error }, failed)
  }
}

/** Reports closed more than REPORT_CONTACT_RETENTION_DAYS ago lose their name, phone, e-mail and photo. */
function eraseOldReportContacts() {
  return cleanUp(
    'report-contacts-erased',
    'REPORT_CONTACT_RETENTION_DAYS',
    eraseOldContacts,
    (erased, days) => `erased the contact details of ${erased} report(s) closed more than ${days} days ago`,
    'could not erase old report contacts',
  )
}

/** Letter requests ended more than LETTER_DATA_RETENTION_DAYS ago lose the NIK, contact, data and attachments. */
function eraseOldLetterRequestData() {
  return cleanUp(
    'letter-data-erased',
    'LETTER_DATA_RETENTION_DAYS',
    () => eraseOldLetterData(),
    (erased, days) =>
      `erased the personal data of ${erased} letter request(s) or letter(s) ended more than ${days} days ago`,
    'could not erase old letter request data',
  )
}

/** The activity log keeps ACTIVITY_RETENTION_DAYS (default 365) of entries. */
function pruneOldActivities() {
  return cleanUp(
    'activity-prune',
    'ACTIVITY_RETENTION_DAYS',
    pruneActivities,
    (removed, days) => `removed ${removed} activity log entr${removed === 1 ? 'y' : 'ies'} older than ${days} days`,
    'could not prune the activity log',
  )
}
