// `npm run reset-password -- USERNAME`: prints a one-time link (valid 60 minutes) that sets a new password for the
// user, for an administrator locked out of the back office. Runs on the server, against its database (which the
// site has created and migrated: `npm start` once), whether the site is running or not.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

if (fs.existsSync('.env')) process.loadEnvFile('.env')
// With REGENCY_HOST (many villages in one install) the site is named: `--village SLUG` or `--regency`; each site's
// data is reached only in its own scope (docs/decisions/064-village-scope-fails-closed.md).
const [username, ...rest] = process.argv.slice(2)
const regency = Boolean(process.env.REGENCY_HOST?.trim())
const site =
  rest[0] === '--regency' && rest.length === 1 ? 'regency' : rest[0] === '--village' && rest.length === 2 ? rest[1] : ''
if (!username || username.startsWith('--') || (regency ? !site : rest.length)) {
  console.error(
    regency
      ? "Usage: npm run reset-password -- USERNAME --village SLUG (or --regency for the regency's own account)"
      : 'Usage: npm run reset-password -- USERNAME',
  )
  process.exit(2)
}
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const entry = path.join(buildDir, 'server/index.js')
if (!fs.existsSync(entry)) {
  console.error('[reset-password] the site is not built yet: run `npm run build` (or `npm start` once) first')
  process.exit(1)
}

try {
  const build = await import(pathToFileURL(entry).href)
  // The link is on SITE_URL, the address staff open the site at. Without it the script cannot know that address.
  const siteUrl = process.env.SITE_URL?.trim() ?? ''
  const origin = (siteUrl || `http://localhost:${process.env.PORT?.trim() || 3000}`).replace(/\/+$/, '')
  const link = regency
    ? await build.entry.module.resetLinkAt(site, username, origin)
    : await build.entry.module.resetLinkForUsername(username, origin)
  if (!link) {
    console.error(
      `[reset-password] no user named ${JSON.stringify(username)} (the username, not the name or the e-mail address)`,
    )
    process.exit(1)
  }
  if (!siteUrl) {
    console.log(
      `Note: SITE_URL is not set, so this link points at ${origin} and opens only in a browser on this server.`,
    )
    console.log(`From another computer, replace ${origin} with the address you open the site at, or set SITE_URL`)
    console.log('(e.g. SITE_URL=https://sukamaju.desa.id in .env) and run this command again.')
  }
  console.log(
    `Open this link within 60 minutes (until ${link.expires_at.toISOString()}) to set a new password for ${username}:`,
  )
  console.log(link.url)
  process.exit(0)
} catch (error) {
  console.error(error?.name === 'ConfigError' ? `[reset-password] ${error.message}` : error)
  process.exit(1)
}
