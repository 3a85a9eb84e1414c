// `npm test`: every test. Installs Debian's Chromium headless shell and PostgreSQL when they are missing (as root),
// builds the site once, then runs the unit, API (on SQLite and on a throw-away PostgreSQL cluster) and browser
// projects with vitest. Extra arguments go to vitest.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresBin } from './pg-cluster.mjs'

/** Debian's `chromium-headless-shell`: the browser tests' Chromium unless CHROMIUM_PATH names another. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)

const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  if (result.status !== 0) {
    console.error(`[test] ${command} ${args.join(' ')} failed (${result.status ?? result.signal})`)
    process.exit(result.status ?? 1)
  }
}

// The browser tests drive Debian's Chromium headless shell (docs/decisions/057-browser-tests-on-the-headless-shell.md):
// CHROMIUM_PATH names another build of Chromium.
if (!process.env.CHROMIUM_PATH && !fs.existsSync(HEADLESS_SHELL)) {
  if (process.getuid?.() === 0) {
    console.log('[test] installing Debian chromium-headless-shell for the browser tests...')
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    run('apt-get', ['update', '-qq'], { env })
    run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { env })
  } else {
    console.error(
      `[test] ${HEADLESS_SHELL} is missing: install Debian's chromium-headless-shell ` +
        '(apt-get install chromium-headless-shell) or set CHROMIUM_PATH',
    )
    process.exit(1)
  }
} else if (process.env.CHROMIUM_PATH && !fs.existsSync(process.env.CHROMIUM_PATH)) {
  console.error(`[test] CHROMIUM_PATH ${process.env.CHROMIUM_PATH} does not exist`)
  process.exit(1)
}
process.env.CHROMIUM_PATH ??= HEADLESS_SHELL

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
