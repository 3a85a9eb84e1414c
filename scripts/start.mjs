// `npm start`: apply migrations, build when the sources are newer than the build, then serve as production (what a
// village runs on its server; see docs/decisions/021-npm-start-is-production.md).
// `npm run dev`: the same with Vite's dev server (hot reload) instead of a build, in development mode.
// Seeding happens inside the server on start (idempotent).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkEnv } from '../core/env.mjs'
import { log } from '../core/log.mjs'
import { migrate } from './migrate.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)
if (fs.existsSync('.env')) process.loadEnvFile('.env')
const dev = process.argv.includes('--dev')

// A bad value stops the start here, naming the variable, before any migration or build (the server checks the
// same again; its mode is the one server.mjs will set).
try {
  checkEnv({ ...process.env, NODE_ENV: dev ? 'development' : 'production' })
} catch (error) {
  if (error?.name !== 'ConfigError') throw error
  log.fatal({ event: 'config' }, error.message)
  process.exit(1)
}

// With REGENCY_HOST the server migrates the regency's and every village's database itself (decision 055).
if (!process.env.REGENCY_HOST?.trim()) await migrate()

function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const name of fs.readdirSync(entry)) {
    if (name === 'generated' || name === 'node_modules') continue
    newest = Math.max(newest, newestMtime(path.join(entry, name)))
  }
  return newest
}

const built = fs.statSync(path.join(process.env.BUILD_DIR ?? 'build', 'server/index.js'), { throwIfNoEntry: false })
// core/storage.mjs and core/env.mjs are bundled into the build too (the app imports them).
const sources = Math.max(
  ...[
    'app',
    'public',
    'core/storage.mjs',
    'core/env.mjs',
    'vite.config.ts',
    'tailwind.config.ts',
    'package-lock.json',
  ].map(newestMtime),
)
if (!dev && (!built || built.mtimeMs < sources || process.argv.includes('--build'))) {
  log.info({ event: 'build' }, 'building the site (once; again only when the sources change)')
  const result = spawnSync(process.execPath, ['node_modules/@remix-run/dev/dist/cli.js', 'vite:build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

await import('../server.mjs')
