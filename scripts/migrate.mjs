// Applies the committed Prisma migrations (prisma migrate deploy, offline through the JS schema engine).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export function databaseFile(url = process.env.DATABASE_URL || 'file:./data/balai-desa.db') {
  return path.resolve(url.replace(/^file:/, '').split('?')[0])
}

export function migrate(env = process.env) {
  const file = databaseFile(env.DATABASE_URL || undefined)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const result = spawnSync(process.execPath, ['node_modules/prisma/build/index.js', 'migrate', 'deploy'], {
    env: { ...env, DATABASE_URL: `file:${file}`, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr)
    throw new Error(`Database migration failed for ${file}`)
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) migrate()
