import fs from 'node:fs'
import { execFileSync } from 'node:child_process'
import http from 'node:http'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, clientAddress, unique } from '../support/api'
import { onPostgres, queryDb, startServer, type TestServer } from '../support/server'

/** A GET on a connection of its own (no keep-alive), so node:cluster hands each one to the next worker. */
function freshGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { Accept: '*/*' } }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      .on('error', reject)
  })
}

async function adminLogin(base: string) {
  const result = await api('POST', '/api/login', {
    base,
    json: { username: 'admin', password: 'password' },
    headers: { 'X-Forwarded-For': clientAddress() },
  })
  expect(result.status, result.text).toBe(200)
  return result.body.data.token as string
}

async function createPost(base: string, token: string, title: string) {
  const categories = await api('GET', '/api/admin/categories/all', { base, token })
  const form = new FormData()
  form.append('title', title)
  form.append('content', '<p>Kabar dari instans lain</p>')
  form.append('category_id', String(categories.body.data[0].id))
  const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer()
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'kabar.png')
  const created = await api('POST', '/api/admin/posts', { base, token, form })
  expect(created.status, created.text).toBe(201)
  return created.body.data
}

/**
 * Polls `check` until it holds; returns when the first check that held was asked (so the time a loaded machine takes
 * to answer that check is not counted as the change's delay). Fails when no check asked within `limitMs` holds.
 */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  for (;;) {
    const asked = Date.now() - started
    if (await check()) return asked
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * A request with a JSON body on a connection of its own (no keep-alive), so node:cluster hands each one to the next
 * worker; its status and `Retry-After`.
 */
function freshRequest(
  url: string,
  method: string,
  address: string,
  json?: unknown,
): Promise<{ status: number; retryAfter: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent: false,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Forwarded-For': address },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after']) }))
      },
    )
    request.on('error', reject)
    request.end(json === undefined ? undefined : JSON.stringify(json))
  })
}

/** How many answers had each status. */
const tally = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  )

/**
 * Bursts at every throttle (docs/decisions/060-throttles-counted-in-one-step.md), each sent at once and spread over
 * `bases` (instances, or the workers of one): each stops at its limit exactly, as one request after another would.
 */
async function burstEveryThrottle(bases: string[]) {
  const at = (i: number) => bases[i % bases.length]
  const burst = (count: number, send: (base: string, i: number) => Promise<{ status: number; retryAfter: number }>) =>
    Promise.all(Array.from({ length: count }, (_, i) => send(at(i), i)))
  const refusedWithRetryAfter = (answers: { status: number; retryAfter: number }[]) =>
    expect(answers.filter((answer) => answer.status === 429).every((answer) => answer.retryAfter > 0)).toBe(true)

  // 12 filings from one address: the limit is 5 an hour.
  const filer = clientAddress()
  const filings = await burst(12, (base, i) =>
    freshRequest(`${base}/api/public/reports`, 'POST', filer, {
      kind: 'aspirasi',
      name: 'Warga Serbu',
      phone: '0812-3456-7890',
      subject: unique(`Serbuan ${i} `),
      message: 'Dua belas laporan sekaligus dari satu alamat.',
    }),
  )
  expect(tally(filings)).toEqual({ 201: 5, 429: 7 })
  refusedWithRetryAfter(filings)

  // 30 wrong lookups from one address: at most 20 failures in 15 minutes.
  const guesser = clientAddress()
  const lookups = await burst(30, (base, i) =>
    freshRequest(
      `${base}/api/public/reports/ADU-2026-9${String(i).padStart(3, '0')}?code=TEBAKANSALAH`,
      'GET',
      guesser,
    ),
  )
  expect(tally(lookups)).toEqual({ 404: 20, 429: 10 })
  refusedWithRetryAfter(lookups)

  // 12 wrong passwords for one username, each from an address of its own: 5 failures per username.
  const victim = unique('serbu')
  const byUsername = await burst(12, (base) =>
    freshRequest(`${base}/api/login`, 'POST', clientAddress(), { username: victim, password: 'salah-sekali' }),
  )
  expect(tally(byUsername)).toEqual({ 401: 5, 429: 7 })
  refusedWithRetryAfter(byUsername)

  // 26 wrong passwords from one address, each for a username of its own: 20 failures per address.
  const sprayer = clientAddress()
  const byAddress = await burst(26, (base) =>
    freshRequest(`${base}/api/login`, 'POST', sprayer, { username: unique('semprot'), password: 'salah-sekali' }),
  )
  expect(tally(byAddress)).toEqual({ 401: 20, 429: 6 })
  refusedWithRetryAfter(byAddress)
}

describe.skipIf(!onPostgres())('two instances on one PostgreSQL database behave as one site', () => {
  let a: TestServer
  let b: TestServer
  beforeAll(async () => {
    a = await startServer()
    // The same database (its address is kept in the folder) and the same uploads folder: a second instance.
    b = await startServer({ dir: a.dir })
  }, 120_000)
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    if (a && !process.env.KEEP_TEST_DATA) fs.rmSync(a.dir, { recursive: true, force: true })
  })

  it("puts a post created on A on B's cached home page and public API within a second", async () => {
    // B's caches hold the home page and the API answer (the second request of each is answered from memory).
    for (let i = 0; i < 2; i++) {
      expect((await freshGet(`${b.url}/`)).status).toBe(200)
      expect((await freshGet(`${b.url}/api/public/posts_home`)).status).toBe(200)
    }
    const title = unique('Kabar Instans ')
    await createPost(a.url, await adminLogin(a.url), title)
    const elapsed = await within(1000, async () => {
      const [home, apiHome] = await Promise.all([freshGet(`${b.url}/`), freshGet(`${b.url}/api/public/posts_home`)])
      return home.body.includes(title) && apiHome.body.includes(title)
    })
    expect(elapsed).toBeLessThan(1000)
  })

  it('refuses on B, at once, a token logged out on A', async () => {
    const token = await adminLogin(a.url)
    // B has looked the token up (and remembered it).
    expect((await api('GET', '/api/admin/dashboard', { base: b.url, token })).status).toBe(200)
    expect((await api('GET', '/api/admin/dashboard', { base: b.url, token })).status).toBe(200)
    expect((await api('POST', '/api/logout', { base: a.url, token })).status).toBe(200)
    expect((await api('GET', '/api/admin/dashboard', { base: b.url, token })).status).toBe(401)
  })

  it('locks a username after five failures spread over A and B', async () => {
    const username = unique('korban')
    const attempt = (base: string, password = 'salah-sekali') =>
      api('POST', '/api/login', { base, json: { username, password }, headers: { 'X-Forwarded-For': clientAddress() } })
    for (const base of [a.url, b.url, a.url, b.url, a.url]) expect((await attempt(base)).status).toBe(401)
    for (const base of [a.url, b.url]) {
      const refused = await attempt(base)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    }
  })

  it('holds every throttle under a burst spread over A and B', async () => {
    await burstEveryThrottle([a.url, b.url])
  })
})

describe.skipIf(onPostgres())('worker processes on SQLite (WEB_CONCURRENCY=2)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ env: { WEB_CONCURRENCY: '2', LOG_REQUESTS: '1' } })
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  it('starts two workers after doing the start-up work once', () => {
    const logs = server.logs()
    expect(logs.filter((line) => line.event === 'listening')).toMatchObject([
      { workers: 2, msg: expect.stringMatching(/^listening on .*, 2 workers\)$/) },
    ])
    // The seeded-password warning comes from the start-up work: once, not once per worker.
    expect(logs.filter((line) => line.event === 'default-password')).toHaveLength(1)
  })

  it("shows a write through one worker in the other worker's cache at once", async () => {
    // New connections take turns between the workers: both caches hold the home page and the API answer.
    for (let i = 0; i < 6; i++) {
      expect((await freshGet(`${server.url}/`)).status).toBe(200)
      expect((await freshGet(`${server.url}/api/public/posts_home`)).status).toBe(200)
    }
    const token = await adminLogin(server.url)
    const title = unique('Kabar Pekerja ')
    await createPost(server.url, token, title)
    // Not "eventually": every request right after the write, whichever worker answers it.
    for (let i = 0; i < 6; i++) {
      expect((await freshGet(`${server.url}/`)).body).toContain(title)
      expect((await freshGet(`${server.url}/api/public/posts_home`)).body).toContain(title)
    }
    // A logout through one worker is refused by every worker on the next request.
    expect((await api('POST', '/api/logout', { base: server.url, token })).status).toBe(200)
    for (let i = 0; i < 4; i++) {
      const refused = await new Promise<number>((resolve, reject) => {
        http
          .get(
            `${server.url}/api/admin/dashboard`,
            { agent: false, headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } },
            (res) => {
              res.resume()
              resolve(res.statusCode ?? 0)
            },
          )
          .on('error', reject)
      })
      expect(refused).toBe(401)
    }
    // Each worker's log lines say which worker wrote them (the primary's do not).
    const requests = server.logs().filter((line) => line.event === 'request')
    expect(new Set(requests.map((line) => line.worker))).toEqual(new Set([1, 2]))
    expect(new Set(requests.map((line) => line.pid)).size).toBe(2)
  })

  it('holds every throttle under a burst spread over both workers', async () => {
    await burstEveryThrottle([server.url])
  })

  it('keeps check-then-write rules across workers: two admins demoted at once leave one admin', async () => {
    // "The last admin cannot lose the role" reads, then writes; only the write lock keeps two workers from both
    // reading "another admin exists" and both writing. (Last in this file: the seeded admin may lose the role.)
    const token = await adminLogin(server.url)
    const roles = await api('GET', '/api/admin/roles/all', { base: server.url, token })
    const adminRole = roles.body.data.find((role: { name: string }) => role.name === 'admin').id
    const username = unique('admin')
    const second = await api('POST', '/api/admin/users', {
      base: server.url,
      token,
      json: {
        name: 'Admin Kedua',
        username,
        email: `${username}@example.com`,
        password: 'password123',
        role_ids: [adminRole],
      },
    })
    expect(second.status, second.text).toBe(201)
    const me = await api('GET', '/api/admin/users?search=admin%40example.com', { base: server.url, token })
    const first = me.body.data.data[0]
    const demote = (user: { id: number; name: string; username: string; email: string }) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          `${server.url}/api/admin/users/${user.id}`,
          {
            method: 'PUT',
            agent: false,
            headers: {
              Authorization: `Bearer ${token}`,
              'Content-Type': 'application/json',
              Accept: 'application/json',
            },
          },
          (res) => {
            res.resume()
            resolve(res.statusCode ?? 0)
          },
        )
        request.on('error', reject)
        request.end(JSON.stringify({ name: user.name, username: user.username, email: user.email, role_ids: [] }))
      })
    const results = await Promise.all([demote(first), demote(second.body.data)])
    expect(results.sort()).toEqual([200, 409])
    const admins = await queryDb<{ n: number }>(
      server,
      "SELECT COUNT(*) AS n FROM user_has_roles ur JOIN roles r ON r.id = ur.role_id WHERE r.name = 'admin'",
    )
    expect(Number(admins[0].n)).toBe(1)
  })
})

describe.skipIf(onPostgres())('workers whose primary process dies (SQLite, WEB_CONCURRENCY=2)', () => {
  it('stop quietly, even one answering a write on a connection it already held', async () => {
    const server = await startServer({ env: { WEB_CONCURRENCY: '2' } })
    try {
      const workers = execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.process.pid)], { encoding: 'utf8' })
        .split('\n')
        .map((line) => Number(line.trim()))
        .filter((pid) => pid > 0)
      expect(workers).toHaveLength(2)
      // A kept-alive connection to one worker, then the primary is killed (SIGKILL: no shutdown of its own).
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      const ask = (method: string, path: string, body?: string) =>
        new Promise<number>((resolve) => {
          const request = http.request(
            `${server.url}${path}`,
            { method, agent, headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': clientAddress() } },
            (res) => {
              res.resume()
              res.on('end', () => resolve(res.statusCode ?? 0))
            },
          )
          request.on('error', () => resolve(0))
          request.end(body)
        })
      expect(await ask('GET', '/healthz')).toBe(200)
      const before = server.output().length
      process.kill(server.process.pid!, 'SIGKILL')
      // A login writes (its session, the activity log) and so asks the dead primary for the write lock.
      await ask('POST', '/api/login', JSON.stringify({ username: 'admin', password: 'password' }))
      agent.destroy()
      const alive = () =>
        workers.filter((pid) => {
          try {
            process.kill(pid, 0)
            return true
          } catch {
            return false
          }
        })
      for (let tries = 0; alive().length && tries < 100; tries++) await new Promise((r) => setTimeout(r, 100))
      expect(alive()).toEqual([])
      const after = server.output().slice(before)
      expect(after).not.toMatch(/EPIPE|ERR_IPC_CHANNEL_CLOSED|Error: |\n\s+at /)
    } finally {
      await server.stop().catch(() => undefined)
      fs.rmSync(server.dir, { recursive: true, force: true })
    }
  }, 120_000)
})
