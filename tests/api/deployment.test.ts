import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import bcrypt from 'bcryptjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, baseUrl, clientAddress, expectFailure, unique } from '../support/api'
import { onPostgres, queryDb, ROOT, startServer, type TestServer } from '../support/server'

/** One failed login sent with this X-Forwarded-For; its status. */
async function failedLogin(forwardedFor: string, base = baseUrl()) {
  const result = await api('POST', '/api/login', {
    base,
    json: { username: unique('spoof'), password: 'wrong-password' },
    headers: { 'X-Forwarded-For': forwardedFor },
  })
  return result.status
}

/** A login through the back office's form; the session cookie it sets. */
async function formLogin(base: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': clientAddress(), ...headers },
    body: new URLSearchParams({ username: 'admin', password: 'password' }),
    redirect: 'manual',
  })
  expect(response.status).toBe(302)
  return response.headers.get('set-cookie') ?? ''
}

async function securityHeaders(base: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/`, { headers })
  await response.arrayBuffer()
  return {
    hsts: response.headers.get('strict-transport-security'),
    coop: response.headers.get('cross-origin-opener-policy'),
    csp: response.headers.get('content-security-policy') ?? '',
  }
}

/** A request as a client may really send it (fetch refuses a Host header and TRACE); its status, type and body. */
function raw(base: string, method: string, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.request(`${base}${urlPath}`, { method, headers }, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: response.headers['content-type'] ?? '',
            headers: response.headers,
            body,
          }),
        )
      })
      request.on('error', reject)
      request.end()
    },
  )
}

/** The canonical address of the page at `path`, as the visitor sending `headers` gets it (cached or not). */
async function canonicalLink(base: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers })
  const html = await response.text()
  expect(response.status, path).toBe(200)
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]
}

describe('behind one trusted proxy (TRUST_PROXY=1, as the shared test server runs)', () => {
  it('throttles by the address the proxy saw: entries a client writes to the left of it change nothing', async () => {
    const seenByProxy = clientAddress()
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) statuses.push(await failedLogin(`203.0.113.${i}, 198.51.100.${i}, ${seenByProxy}`))
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401))
    expect(statuses[20]).toBe(429)
  })

  it(
    'sends HSTS, COOP, upgrade-insecure-requests and a Secure ' +
      'cookie only when the proxy says the visitor came over HTTPS',
    async () => {
      const plain = await securityHeaders(baseUrl())
      expect(plain.hsts).toBeNull()
      expect(plain.coop).toBeNull()
      expect(plain.csp).not.toContain('upgrade-insecure-requests')
      expect(await formLogin(baseUrl())).not.toMatch(/;\s*Secure/i)

      const tls = await securityHeaders(baseUrl(), { 'X-Forwarded-Proto': 'https' })
      expect(tls.hsts).toBe('max-age=31536000; includeSubDomains')
      expect(tls.coop).toBe('same-origin')
      expect(tls.csp).toContain('upgrade-insecure-requests')
      expect(await formLogin(baseUrl(), { 'X-Forwarded-Proto': 'https' })).toMatch(/;\s*Secure/i)
    },
  )
})

describe('`npm start` on a village LAN: no NODE_ENV, JWT_SECRET, TRUST_PROXY or SITE_URL, plain HTTP', () => {
  let server: TestServer
  // A village LAN runs SQLite, whose folder keeps the generated secret. On PostgreSQL that folder would be ./data of
  // the checkout the tests run in: there the secret is given, and the tests of the generated one are SQLite's.
  const env = {
    NODE_ENV: undefined,
    JWT_SECRET: onPostgres() ? 'test-secret-that-is-long-enough-for-hs256-0123456789' : undefined,
    TRUST_PROXY: undefined,
    SITE_URL: undefined,
    SEED_DEMO: 'false',
    // As an install runs: without the test-only hooks every other test server has.
    BALAI_TEST_ONLY: undefined,
    BALAI_TEST_PASSWORD_COST: undefined,
  }
  const secretFile = () => path.join(server.dir, 'data', '.jwt-secret')

  beforeAll(async () => {
    server = await startServer({ env })
  })
  afterAll(async () => {
    await server?.stop()
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  it.skipIf(onPostgres())(
    'runs as production, signing with a secret it generated and keeps next to the database for its user only',
    () => {
      expect(server.logs().find((line) => line.event === 'listening')).toMatchObject({ mode: 'production' })
      expect(server.logs().find((line) => line.event === 'jwt-secret')).toMatchObject({
        level: 'info',
        file: secretFile(),
      })
      expect(fs.statSync(secretFile()).mode & 0o777).toBe(0o600)
      expect(fs.readFileSync(secretFile(), 'utf8').trim()).toMatch(/^[A-Za-z0-9_-]{64}$/)
    },
  )

  it(
    'keeps plain HTTP working: no HSTS, no upgrade to https, a ' +
      'session cookie the browser keeps, whatever a client claims',
    async () => {
      for (const headers of [{}, { 'X-Forwarded-Proto': 'https' }] as Record<string, string>[]) {
        const { hsts, csp } = await securityHeaders(server.url, headers)
        expect(hsts).toBeNull()
        expect(csp).not.toContain('upgrade-insecure-requests')
        const cookie = await formLogin(server.url, headers)
        expect(cookie).toMatch(/^token=/)
        expect(cookie).not.toMatch(/;\s*Secure/i)
      }
    },
  )

  it(
    'answers a malformed address with the site 400 page, ' + 'or the JSON envelope under /api, never a stack trace',
    async () => {
      for (const address of ['/posts/%ff%fe', '/%E0%A4%A', '/admin/posts/%ff', '/favicon%ff.svg']) {
        const response = await fetch(`${server.url}${address}`)
        const html = await response.text()
        expect(response.status, address).toBe(400)
        expect(response.headers.get('content-type')).toContain('text/html')
        expect(html).toContain('<html lang="id"')
        expect(html).toContain('<title>Alamat Tidak Valid</title>')
        expect(html).toContain('Alamat tidak valid')
        expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"/)
        expect(html).not.toMatch(/URIError|node_modules|\n\s+at /)
        expect(html).not.toContain(ROOT)
      }
      for (const address of ['/api/public/posts/%ff%fe', '/api/admin/pages%ff']) {
        const result = await api('GET', address, { base: server.url })
        expectFailure(result, 400, 'Bad Request', null)
      }
    },
  )

  it(
    'answers a Host that names no host with 400 and a method nobody serves ' +
      "with 405, never a 500; GET /api/docs's other methods in the envelope",
    async () => {
      for (const host of ['[::1', 'a b', '%ff', 'localhost:99999', 'user@evil', 'evil/x']) {
        const page = await raw(server.url, 'GET', '/', { Host: host })
        expect([page.status, page.type], host).toEqual([400, 'text/html; charset=utf-8'])
        expect(page.body).toContain('Permintaan Tidak Valid')
        const listed = await raw(server.url, 'GET', '/api/public/posts', { Host: host })
        expect([listed.status, JSON.parse(listed.body)], host).toEqual([
          400,
          { success: false, message: 'Bad Request', errors: null },
        ])
      }
      // Names a host: a LAN machine's name (with an underscore), a fully qualified name, an IPv6 address with its port.
      for (const host of ['village_pc.lan', 'sukamaju.desa.id.', `[::1]:${server.port}`])
        expect((await raw(server.url, 'GET', '/api/public/posts', { Host: host })).status, host).toBe(200)
      for (const method of ['TRACE', 'PROPFIND']) {
        const page = await raw(server.url, method, '/')
        expect([page.status, page.type], method).toEqual([405, 'text/html; charset=utf-8'])
        const listed = await raw(server.url, method, '/api/public/posts')
        expect([listed.status, JSON.parse(listed.body)], method).toEqual([
          405,
          { success: false, message: 'Method Not Allowed', errors: null },
        ])
      }
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        expectFailure(await api(method, '/api/docs', { base: server.url, json: {} }), 405, 'Method Not Allowed', null)
      }
      const preflight = await raw(server.url, 'OPTIONS', '/api/docs', {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'GET',
      })
      expect([preflight.status, preflight.headers['access-control-allow-origin']]).toEqual([204, '*'])
      // A build file an old page still asks for (the new build renamed it) is a 404, not a trip to the home page.
      expect((await raw(server.url, 'GET', '/assets/entry.client-Old0Name.js')).status).toBe(404)
    },
  )

  it(
    'never believes X-Forwarded-Host, -Proto or -Port: a forged ' +
      'one changes no address, not even in the cached page',
    async () => {
      // A path no other test here asked for, so the first answer is rendered for the forged request.
      const own = `${server.url}/posts`
      const forged = {
        'X-Forwarded-Host': `evil.example:${server.port + 1}`,
        'X-Forwarded-Proto': 'https',
        'X-Forwarded-Port': '8443',
      }
      expect(await canonicalLink(server.url, '/posts', forged)).toBe(own)
      expect(await canonicalLink(server.url, '/posts')).toBe(own)
      expect(await canonicalLink(server.url, '/posts', forged)).toBe(own)
    },
  )

  it.skipIf(onPostgres())('keeps its generated secret across a restart: a token from before still works', async () => {
    const token = (
      await api('POST', '/api/login', { base: server.url, json: { username: 'admin', password: 'password' } })
    ).body.data.token
    const secret = fs.readFileSync(secretFile(), 'utf8')
    await server.stop()
    server = await startServer({ env, dir: server.dir })
    expect(server.logs().some((line) => line.event === 'jwt-secret')).toBe(false)
    expect(fs.readFileSync(secretFile(), 'utf8')).toBe(secret)
    expect((await api('GET', '/api/admin/dashboard', { base: server.url, token })).status).toBe(200)
  })

  it('hashes passwords at bcrypt cost 10, and names no test-only hook', async () => {
    expect(server.logs().filter((line) => /^test-/.test(String(line.event)))).toEqual([])
    const [admin] = await queryDb<{ password: string }>(server, "SELECT password FROM users WHERE username = 'admin'")
    expect(bcrypt.getRounds(admin.password)).toBe(10)
  })

  // Last: afterwards every login from this test's address waits out the window.
  it('never believes X-Forwarded-For: the throttle counts the connection address', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) statuses.push(await failedLogin(`203.0.113.${i}`, server.url))
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401))
    expect(statuses[20]).toBe(429)
  })
})

describe('behind one trusted proxy without SITE_URL: the address is the one the proxy forwards', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ env: { SITE_URL: undefined, SEED_DEMO: 'false' } })
  })
  afterAll(async () => {
    await server?.stop()
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  it('is a test server: hashes passwords at bcrypt cost 4, and says so loudly at start', async () => {
    expect(server.logs().filter((line) => line.event === 'test-password-cost')).toEqual([
      expect.objectContaining({ level: 'warn', cost: 4, msg: expect.stringContaining('never run a real site so') }),
    ])
    const [admin] = await queryDb<{ password: string }>(server, "SELECT password FROM users WHERE username = 'admin'")
    expect(bcrypt.getRounds(admin.password)).toBe(4)
  })

  it('keeps the page rendered for a forwarded host away from visitors of another host', async () => {
    // The port of an address is the Host's when the forwarded host names none (as @remix-run/express builds it).
    const own = `${server.url}/`
    const forwarded = { 'X-Forwarded-Host': 'balai.sukamaju.desa.id', 'X-Forwarded-Proto': 'https' }
    expect(await canonicalLink(server.url, '/', forwarded)).toBe(`https://balai.sukamaju.desa.id:${server.port}/`)
    expect(await canonicalLink(server.url, '/')).toBe(own)
    expect(await canonicalLink(server.url, '/', { 'X-Forwarded-Host': 'evil.example:8080' })).toBe(
      'http://evil.example:8080/',
    )
    expect(await canonicalLink(server.url, '/')).toBe(own)
    expect(await canonicalLink(server.url, '/', forwarded)).toBe(`https://balai.sukamaju.desa.id:${server.port}/`)
  })
})
