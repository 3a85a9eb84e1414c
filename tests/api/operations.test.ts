import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { api, clientAddress } from '../support/api'
import { startServer, type LogLine, type TestServer } from '../support/server'

// The loader's failure branch is driven with a database that does not answer; the HTTP tests below
// speak to real servers and do not load this module.
const queryRawUnsafe = vi.hoisted(() => vi.fn())
vi.mock('~/utils/db.server', () => ({ prisma: { $queryRawUnsafe: queryRawUnsafe } }))

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('/healthz', () => {
  it('answers 200 with status ok and no caching when the database answers', async () => {
    const result = await api('GET', '/healthz')
    expect(result.status).toBe(200)
    expect(result.body).toEqual({ status: 'ok' })
    expect(result.headers.get('cache-control')).toBe('no-store')
    expect(result.headers.get('content-type')).toContain('application/json')
  })

  it('needs no login and is not an HTML page', async () => {
    const result = await api('GET', '/healthz', { headers: { Accept: 'text/html' } })
    expect(result.status).toBe(200)
    expect(result.text).not.toContain('<html')
  })

  it('answers 503 when the database query fails, and 200 again once it answers', async () => {
    const { loader } = await import('~/routes/healthz')
    queryRawUnsafe.mockRejectedValueOnce(new Error('SQLITE_CANTOPEN: unable to open database file'))
    const down = await loader()
    expect(down.status).toBe(503)
    expect(await down.json()).toEqual({ status: 'unavailable' })
    expect(down.headers.get('cache-control')).toBe('no-store')
    queryRawUnsafe.mockResolvedValueOnce([{ 1: 1 }])
    const up = await loader()
    expect(up.status).toBe(200)
    expect(queryRawUnsafe).toHaveBeenCalledTimes(2)
  })
})

describe('request logs and the start-up line', () => {
  const ADMIN_PASSWORD = 'Rahasia-Log-7781'
  let server: TestServer

  beforeAll(async () => {
    server = await startServer({ env: { LOG_REQUESTS: '1', SEED_DEMO: 'false', SEED_ADMIN_PASSWORD: ADMIN_PASSWORD } })
  })
  afterAll(async () => {
    await server?.stop()
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  /** The log line of the request answered with this X-Request-Id (lines are written when the response ends). */
  async function lineFor(id: string | null): Promise<LogLine> {
    expect(id).toMatch(UUID)
    for (let attempt = 0; attempt < 50; attempt++) {
      const line = server.logs().find((entry) => entry.event === 'request' && entry.id === id)
      if (line) return line
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error(`no log line for ${id}:\n${server.output()}`)
  }

  it('prints one start-up line with the address, the mode, the database file and the uploads folder', () => {
    const lines = server.logs().filter((line) => line.event === 'listening')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 'info',
      url: `http://localhost:${server.port}`,
      mode: 'production',
      database: server.databaseLabel,
      uploads: server.uploadsDir,
      pid: server.process.pid,
      msg: `listening on http://localhost:${server.port} (production)`,
    })
    // Nothing but JSON lines: every event of the server goes through the one logger.
    expect(
      server
        .output()
        .trim()
        .split('\n')
        .filter((line) => !line.startsWith('{')),
    ).toEqual([])
  })

  it('writes one JSON line per request with level, time, id, method, path, status and duration', async () => {
    const health = await api('GET', '/healthz', { base: server.url })
    const line = await lineFor(health.headers.get('x-request-id'))
    expect(Object.keys(line).sort()).toEqual(['event', 'id', 'level', 'method', 'ms', 'path', 'pid', 'status', 't'])
    expect(line).toMatchObject({ level: 'info', method: 'GET', path: '/healthz', status: 200 })
    expect(typeof line.ms).toBe('number')
    expect(line.ms).toBeGreaterThanOrEqual(0)
    expect(Date.now() - Date.parse(line.t)).toBeLessThan(60_000)

    const missing = await api('DELETE', '/api/admin/nothing-here/1', { base: server.url })
    expect(missing.status).toBe(404)
    expect(await lineFor(missing.headers.get('x-request-id'))).toMatchObject({
      method: 'DELETE',
      path: '/api/admin/nothing-here/1',
      status: 404,
    })
  })

  it('gives every request its own id', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => api('GET', '/healthz', { base: server.url })))
    const ids = results.map((result) => result.headers.get('x-request-id'))
    expect(new Set(ids).size).toBe(5)
    for (const id of ids) await lineFor(id)
  })

  it('never logs a password, a token or a query string', async () => {
    const login = await api('POST', '/api/login', {
      base: server.url,
      json: { username: 'admin', password: ADMIN_PASSWORD },
      headers: { 'X-Forwarded-For': clientAddress() },
    })
    expect(login.status).toBe(200)
    const token: string = login.body.data.token
    expect(await lineFor(login.headers.get('x-request-id'))).toMatchObject({
      method: 'POST',
      path: '/api/login',
      status: 200,
    })

    const wrongFrom = clientAddress()
    const wrong = await api('POST', '/api/login', {
      base: server.url,
      json: { username: 'admin', password: `${ADMIN_PASSWORD}-salah` },
      headers: { 'X-Forwarded-For': wrongFrom },
    })
    expect(await lineFor(wrong.headers.get('x-request-id'))).toMatchObject({ path: '/api/login', status: 401 })
    // Each attempt has its own line: a failure is a warning, with the username and the client's address.
    const attempts = server.logs().filter((line) => line.event === 'login')
    expect(attempts.find((line) => line.address === wrongFrom)).toMatchObject({
      level: 'warn',
      outcome: 'failed',
      username: 'admin',
    })
    expect(attempts.filter((line) => line.outcome === 'ok' && line.level === 'info')).toHaveLength(1)

    const users = await api('GET', `/api/admin/users?search=${ADMIN_PASSWORD}&token=${token}`, {
      base: server.url,
      token,
    })
    expect(users.status).toBe(200)
    expect(await lineFor(users.headers.get('x-request-id'))).toMatchObject({
      method: 'GET',
      path: '/api/admin/users',
      status: 200,
    })

    const page = await api('GET', `/login?password=${ADMIN_PASSWORD}`, {
      base: server.url,
      headers: { Cookie: `token=${token}` },
    })
    await lineFor(page.headers.get('x-request-id'))

    // A password-reset link's token is a password for as long as it is valid: its path is logged without it.
    const resetToken = 'Rst7Kx9Qm2Lp5Vw8Zc3Nb6Hd'
    for (const path of [`/reset-password/${resetToken}`, `/Reset-Password/${resetToken}.data`]) {
      const reset = await fetch(`${server.url}${path}?_data=x`, { redirect: 'manual' })
      expect(await lineFor(reset.headers.get('x-request-id'))).toMatchObject({
        method: 'GET',
        path: `${path.slice(0, 16)}[redacted]`,
      })
    }

    const output = server.output()
    expect(output).not.toContain(resetToken)
    expect(output).not.toContain(ADMIN_PASSWORD)
    expect(output).not.toContain(token)
    expect(output).not.toContain(token.split('.')[2])
    expect(output).not.toMatch(/search=|token=|password=/i)
  })
})
