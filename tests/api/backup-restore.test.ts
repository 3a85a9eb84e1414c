import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { api, clientAddress, unique } from '../support/api'
import { createEmptyDatabase, onPostgres, queryDb, ROOT, startServer, type TestServer } from '../support/server'

/** Rows of every table, SQLite or PostgreSQL. */
async function rowCounts(database: { databaseUrl: string; dbFile: string }) {
  const tables = onPostgres()
    ? await queryDb<{ name: string }>(database, "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name")
    : await queryDb<{ name: string }>(database, "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
  const counts: Record<string, number> = {}
  for (const { name } of tables) counts[name] = Number((await queryDb<{ n: number }>(database, `SELECT COUNT(*) AS n FROM "${name}"`))[0].n)
  return counts
}

function fileHashes(dir: string) {
  const hashes: Record<string, string> = {}
  for (const kind of ['posts', 'products', 'photos', 'sliders', 'aparaturs']) {
    const folder = path.join(dir, kind)
    if (!fs.existsSync(folder)) continue
    for (const name of fs.readdirSync(folder)) hashes[`${kind}/${name}`] = crypto.createHash('sha256').update(fs.readFileSync(path.join(folder, name))).digest('hex')
  }
  return hashes
}

const run = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [script, ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' })

describe('npm run backup / npm run restore', () => {
  const servers: TestServer[] = []
  const dirs: string[] = []
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL')
    for (const dir of [...dirs, ...servers.map((s) => s.dir)]) fs.rmSync(dir, { recursive: true, force: true })
  })

  it(`backs up a running site and restores every row and every file into an empty install (${onPostgres() ? 'PostgreSQL: pg_dump' : 'SQLite'})`, async () => {
    const source = await startServer()
    servers.push(source)
    const login = await api('POST', '/api/login', { base: source.url, json: { username: 'admin', password: 'password' }, headers: { 'X-Forwarded-For': clientAddress() } })
    const created = await api('POST', '/api/admin/categories', { base: source.url, token: login.body.data.token, json: { name: unique('Cadangan ') } })
    expect(created.status).toBe(201)

    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-backup-test-'))
    dirs.push(work)
    const archive = path.join(work, 'site.tar.gz')
    const sourceEnv = { DATABASE_URL: source.databaseUrl, UPLOADS_DIR: source.uploadsDir }
    // While the server is running: the online backup needs no downtime.
    const backup = run('scripts/backup.mjs', ['--out', archive], sourceEnv)
    expect(backup.status, backup.stderr).toBe(0)
    expect(fs.existsSync(archive)).toBe(true)
    await source.stop()

    const restoredDb = await createEmptyDatabase(path.join(work, 'restored'))
    const target = { DATABASE_URL: restoredDb.databaseUrl, UPLOADS_DIR: path.join(work, 'restored', 'uploads') }
    const restore = run('scripts/restore.mjs', [archive], target)
    expect(restore.status, restore.stderr).toBe(0)
    expect(await rowCounts(restoredDb)).toEqual(await rowCounts(source))
    const hashes = fileHashes(source.uploadsDir)
    expect(Object.keys(hashes).length).toBeGreaterThan(30)
    expect(fileHashes(target.UPLOADS_DIR)).toEqual(hashes)

    // A second restore over the now non-empty install is refused.
    const again = run('scripts/restore.mjs', [archive], target)
    expect(again.status).not.toBe(0)
    expect(again.stderr).toContain('empty install')

    // The restored site starts and serves the backed-up data.
    const restored = await startServer({ dir: path.join(work, 'restored'), fresh: false })
    servers.push(restored)
    const found = await api('GET', `/api/admin/categories?search=${encodeURIComponent(created.body.data.name)}`, {
      base: restored.url,
      token: (await api('POST', '/api/login', { base: restored.url, json: { username: 'admin', password: 'password' }, headers: { 'X-Forwarded-For': clientAddress() } })).body.data.token,
    })
    expect(found.body.data.total).toBe(1)
  }, 120_000)
})
