// `npm test`: every test. Installs Debian's Chromium and PostgreSQL when they are missing (as root), builds the
// site once, then runs the unit, API (on SQLite and on a throw-away PostgreSQL cluster) and browser projects with
// vitest. Extra arguments go to vitest.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresBin } from './pg-cluster.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)

const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  if (result.status !== 0) {
    console.error(`[test] ${command} ${args.join(' ')} failed (${result.status ?? result.signal})`)
    process.exit(result.status ?? 1)
  }
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!fs.existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log('[test] installing Debian chromium for the browser tests...')
    run('apt-get', ['update', '-qq'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  } else {
    console.error(
      `[test] ${chromium} is missing: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
    )
    process.exit(1)
  }
}

// The api-pg project starts its own cluster from Debian's postgresql package (scripts/pg-cluster.mjs).
try {
  postgresBin({ install: true })
} catch (error) {
  console.error(`[test] ${error.message}`)
  process.exit(1)
}

if (!fs.existsSync('app/generated/prisma/client.ts') || !fs.existsSync('app/generated/prisma-pg/client.ts'))
  run('npm', ['run', 'db:generate'])
if (!process.argv.includes('--no-build'))
  run(process.execPath, ['node_modules/@remix-run/dev/dist/cli.js', 'vite:build'])

const args = process.argv.slice(2).filter((arg) => arg !== '--no-build')
run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args])
