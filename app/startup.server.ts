import fsp from 'node:fs/promises'
import path from 'node:path'
import { dbReady } from './server/db.server'
import { getEnv } from './server/env.server'
import { log } from './server/log.server'
import { UPLOAD_KINDS } from './server/uploads.server'
import { accountsWithDefaultPassword } from './models/default-password.server'
import { seed } from './models/seed.server'
import { sweepOrphanUploads } from './models/upload-sweep.server'

/**
 * Called once by the server before it listens: parses the environment (a bad value stops the start with
 * its name), opens the database, makes the upload folders and seeds what is missing.
 */
export async function startup() {
  const env = getEnv()
  if (env.JWT_SECRET_GENERATED) {
    log.info({ event: 'jwt-secret', file: env.JWT_SECRET_FILE }, `no JWT_SECRET given: generated one in ${env.JWT_SECRET_FILE} (kept for the next starts)`)
  }
  await dbReady
  await Promise.all(UPLOAD_KINDS.map((kind) => fsp.mkdir(path.join(env.UPLOADS_DIR, kind), { recursive: true })))
  const { firstStart } = await seed()
  const orphans = await sweepOrphanUploads()
  if (orphans) log.warn({ event: 'orphan-uploads', count: orphans }, `removed ${orphans} upload file(s) that no record pointed at (left by an interrupted write)`)
  const weak = await accountsWithDefaultPassword()
  if (weak.length) {
    log.warn(
      { event: 'default-password', accounts: weak },
      `the seeded account(s) ${weak.join(', ')} still use the default password: change it in the admin (Users) now`,
    )
  }
  return {
    env: {
      database: env.DATABASE_FILE,
      uploads: env.UPLOADS_DIR,
      port: env.PORT,
      trustProxy: env.TRUST_PROXY,
      siteUrl: env.SITE_URL,
      logRequests: env.LOG_REQUESTS,
      logLevel: env.LOG_LEVEL,
    },
    firstStart,
  }
}
