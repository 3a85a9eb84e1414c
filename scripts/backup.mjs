// `npm run backup [-- --out FILE] [--village SLUG]`: one archive with a consistent snapshot of the database, taken
// while the site keeps running (SQLite's online backup API, or pg_dump's custom format on PostgreSQL), and every upload
// (local folder or S3 bucket). Prints the archive's path. Every file is streamed into the archive (hashed on the way),
// so a site larger than memory backs up. With REGENCY_HOST (many villages in one install): `--village SLUG` backs up
// that village alone, in the same format (on PostgreSQL its schema's rows copied into a SQLite file, as the console's
// export does); without it, the whole install (scripts/backup-install.mjs).
import path from 'node:path'
import { backupSite, locationsOrExit } from './backup-lib.mjs'
import { backupInstall } from './backup-install.mjs'

const where = await locationsOrExit('backup')
const outIndex = process.argv.indexOf('--out')
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
const named = outIndex > 0 ? process.argv[outIndex + 1] : undefined

try {
  if (where.install) {
    process.exitCode = await backupInstall(
      where.install,
      path.resolve(named ?? `backups/balai-desa-install-${stamp}.tar`),
    )
  } else {
    const { village } = where
    const out = path.resolve(named ?? `backups/balai-desa-${village ? `${village.slug}-` : ''}${stamp}.tar.gz`)
    const { rows, files } = await backupSite(where, out)
    console.log(`[backup] ${out} (${rows} rows, ${files} files)`)
  }
} catch (error) {
  console.error(`[backup] failed: ${error.message}`)
  process.exitCode = 1
}
