import fsp from 'node:fs/promises'
import path from 'node:path'
import { dbReady } from './server/db.server'
import { getEnv } from './server/env.server'
import { UPLOAD_KINDS } from './server/uploads.server'
import { pruneActivities } from './models/activity.server'
import { accountsWithDefaultPassword } from './models/default-password.server'
import { seed } from './models/seed.server'
import { sweepOrphanUploads } from './models/upload-sweep.server'

/**
 * Called once by the server before it listens: parses the environment (a bad value stops the start with
 * its name), opens the database, makes the upload folders and seeds what is missing.
 */
export async function startup() {
  const env = getEnv()
  await dbReady
  await Promise.all(UPLOAD_KINDS.map((kind) => fsp.mkdir(path.join(env.UPLOADS_DIR, kind), { recursive: true })))
  const { firstStart } = await seed()
  const orphans = await sweepOrphanUploads()
  if (orphans) console.warn(`[balai-desa] removed ${orphans} upload file(s) that no record pointed at (left by an interrupted write)`)
  await pruneOldActivities()
  // Daily afterwards; the timer never keeps the process alive on shutdown.
  setInterval(pruneOldActivities, 24 * 3600 * 1000).unref()
  const weak = await accountsWithDefaultPassword()
  if (weak.length) {
    console.warn(`[balai-desa] WARNING: the seeded account(s) ${weak.join(', ')} still use the default password: change it in the admin (Users) now`)
  }
  return { env: { database: env.DATABASE_FILE, uploads: env.UPLOADS_DIR, port: env.PORT, nodeEnv: env.NODE_ENV }, firstStart }
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
