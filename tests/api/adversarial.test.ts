import fs from 'node:fs'
import http from 'node:http'
import jwt from 'jsonwebtoken'
import { describe, expect, it } from 'vitest'
import { adminToken, api, baseUrl, clientAddress, login, unique, userWithPermissions } from '../support/api'
import { newCategory } from '../support/content'
import { startServer } from '../support/server'

const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789'

describe('forged and stale tokens', () => {
  it('are all 401', async () => {
    const real = await login('admin')
    const [header, payload, signature] = real.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const edited =
      `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '2' })).toString('base64url')}` + `.${signature}`
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`
    const noneKeepingClaims = jwt.sign({ ...claims }, '', { algorithm: 'none' })
    const wrongSecret = jwt.sign({ ver: claims.ver }, 'x'.repeat(48), {
      algorithm: 'HS256',
      subject: claims.sub,
      issuer: 'balai-desa',
      expiresIn: '1h',
      jwtid: 'a',
    })
    const expired = jwt.sign({ ver: claims.ver, exp: Math.floor(Date.now() / 1000) - 60 }, SECRET, {
      algorithm: 'HS256',
      subject: claims.sub,
      issuer: 'balai-desa',
      jwtid: 'b',
    })
    const otherIssuer = jwt.sign({ ver: claims.ver }, SECRET, {
      algorithm: 'HS256',
      subject: claims.sub,
      issuer: 'someone-else',
      expiresIn: '1h',
      jwtid: 'c',
    })
    const hs512 = jwt.sign({ ver: claims.ver }, SECRET, {
      algorithm: 'HS512',
      subject: claims.sub,
      issuer: 'balai-desa',
      expiresIn: '1h',
      jwtid: 'd',
    })
    const ghost = jwt.sign({ ver: 0 }, SECRET, {
      algorithm: 'HS256',
      subject: '999999',
      issuer: 'balai-desa',
      expiresIn: '1h',
      jwtid: 'e',
    })
    const other = await userWithPermissions(['dashboard-index'])
    expect((await api('POST', '/api/logout', { token: other.token })).status).toBe(200)

    const forged = {
      edited,
      none,
      noneKeepingClaims,
      wrongSecret,
      expired,
      otherIssuer,
      hs512,
      ghost,
      revokedOtherUser: other.token,
      garbage: 'a.b.c',
    }
    for (const [name, token] of Object.entries(forged)) {
      for (const path of ['/api/admin/dashboard', '/api/admin/users']) {
        const result = await api('GET', path, { token })
        expect(result.status, `${name} ${path}`).toBe(401)
        expect(result.body).toEqual({ success: false, message: 'Unauthenticated', errors: null })
      }
      const cookie = await fetch(`${baseUrl()}/admin/dashboard`, {
        headers: { Cookie: `token=${token}` },
        redirect: 'manual',
      })
      expect(cookie.status, `${name} cookie`).toBe(302)
      expect(cookie.headers.get('location')).toMatch(/^\/login/)
    }
    // The real token still works: nothing above disturbed it.
    expect((await api('GET', '/api/admin/dashboard', { token: real })).status).toBe(200)
  })
})

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string }

/** A request with the path exactly as written (fetch would normalise `..` away before sending). */
function rawRequest(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; json?: unknown } = {},
): Promise<RawAnswer> {
  const url = new URL(baseUrl())
  const headers: Record<string, string> = { 'X-Forwarded-For': clientAddress(), ...options.headers }
  const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json))
  if (body) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) })
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path, method, headers }, (response) => {
      let text = ''
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }))
    })
    request.on('error', reject)
    request.end(body)
  })
}
const rawGet = (path: string) => rawRequest('GET', path)

describe('a token cookie that is not valid percent-encoding', () => {
  it('counts as no token: 401 from the API, the public page as anyone gets it, the admin sends to login', async () => {
    // A post of its own: the newest one of the shared server may be another test file's, deleted at any moment.
    const created = await api('POST', '/api/admin/posts', {
      token: await adminToken(),
      json: { title: unique('Kabar sandi '), content: '<p>Isi</p>', category_id: (await newCategory()).id },
    })
    expect(created.status).toBe(201)
    const slug = created.body.data.slug as string
    for (const cookie of ['token=%ff', 'token=%E0%A4%A', 'other=1; token=abc%']) {
      const result = await api('GET', '/api/admin/dashboard', { headers: { Cookie: cookie } })
      expect(result.status, cookie).toBe(401)
      expect(result.body).toEqual({ success: false, message: 'Unauthenticated', errors: null })
      // A missing post reads the cookie (its editors would see a draft): an unknown one is the site's 404 page.
      for (const [path, status] of [
        [`/posts/${slug}`, 200],
        ['/posts/no-such-post-here', 404],
      ] as const) {
        const page = await fetch(`${baseUrl()}${path}`, { headers: { Cookie: cookie } })
        expect(page.status, `${cookie} ${path}`).toBe(status)
        expect(await page.text()).not.toMatch(/URIError|\n\s+at /)
      }
      const admin = await fetch(`${baseUrl()}/admin/dashboard`, { headers: { Cookie: cookie }, redirect: 'manual' })
      expect(admin.status, cookie).toBe(302)
    }
  })
})

describe('/uploads path traversal', () => {
  it('answers 400 to every dot segment, 404 to every other traversal, encoding and listing attempt', async () => {
    const dotSegments = [
      '/uploads/../package.json',
      '/uploads/posts/../../package.json',
      '/uploads/posts/..%2f..%2fpackage.json',
      '/uploads/posts/%2e%2e%2f%2e%2e%2fpackage.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/uploads/posts/..%252f..%252fpackage.json',
      '/uploads/posts/%2e%2e%5c%2e%2e%5cpackage.json',
      '/uploads/posts/..\\..\\package.json',
    ]
    for (const path of dotSegments) {
      const { status, text } = await rawGet(path)
      expect(status, path).toBe(400)
      expect(text, path).not.toContain('"name": "balai-desa"')
    }
    const attempts = [
      '/uploads/',
      '/uploads/posts',
      '/uploads/posts/',
      '/uploads/posts/a.b.webp',
      '/uploads/posts/..webp',
      '/uploads/data/balai-desa.db',
      '/uploads/.pending/x',
      '/uploads/posts/.htaccess',
      '/uploads/posts/%00.jpg',
      '/uploads/posts/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg%00.html',
      '/uploads/etc/passwd',
      '/uploads//etc/passwd',
      '/uploads/posts//etc/passwd',
      '/uploads/posts/%2fetc%2fpasswd',
    ]
    for (const path of attempts) {
      const { status, text } = await rawGet(path)
      expect(status, path).toBe(404)
      expect(text, path).not.toContain('"name": "balai-desa"')
      expect(text).not.toContain('root:')
    }
  })
})

describe('dot segments', () => {
  const refusedApi = (answer: RawAnswer, address: string) => {
    expect(answer.status, address).toBe(400)
    expect(JSON.parse(answer.text), address).toEqual({ success: false, message: 'Bad Request', errors: null })
    expect(answer.headers['cache-control'], address).toBe('no-store')
  }

  it('are a 400 before anything decides on the path: the API in its envelope, a plain page elsewhere', async () => {
    for (const address of [
      '/api/public/%2E%2E/public/posts',
      '/api/public/posts/%2e%2e/posts',
      '/api/public/posts/.%2E/posts?page=1',
      '/api/public/posts/%2E./posts',
      '/api/public/./posts',
      '/api/public/posts/..',
      '/api/public/../admin/users',
      '/api/public/posts/..%2F..%2Fadmin/users',
      '/api/public/posts/..%5C..%5Cadmin/users',
      '/api/public/posts/\\..\\..\\admin/users',
      '/api/public/posts/%252E%252E/posts',
      '/api/public/posts/%25%32%65%25%32%65/posts',
    ]) {
      // Twice: the second would be the response cache's replay, if the first had been kept.
      for (let round = 0; round < 2; round++) refusedApi(await rawGet(address), address)
    }
    const subject = unique('Titik dua ')
    const report = { kind: 'pengaduan', name: 'Warga Uji', phone: '081234567890', subject, message: 'Jalan rusak.' }
    for (const address of ['/api/public/%2E%2E/public/reports', '/api/public/reports/x/..%2F..']) {
      refusedApi(await rawRequest('POST', address, { json: report }), address)
    }
    const filed = await api('GET', `/api/admin/reports?search=${encodeURIComponent(subject)}`, {
      token: await adminToken(),
    })
    expect(filed.body.data.total).toBe(0)
    for (const address of [
      '/posts/../login',
      '/posts/%2e%2e/admin/users',
      '/admin/posts/..%2Fusers.data',
      '/./sitemap.xml',
      '/assets/..%2F..%2Fserver%2Findex.js',
      '/dokumen/x/%2E%2E/unduh',
      '/uploads/posts/..%5C..%5Cpackage.json',
    ]) {
      const page = await rawGet(address)
      expect(page.status, address).toBe(400)
      expect(page.headers['content-type'], address).toMatch(/^text\/html/)
      expect(page.text, address).toContain('Permintaan Tidak Valid')
    }
  })

  it('leave a dot inside a segment alone, and dots in the query', async () => {
    expect((await rawGet('/sitemap.xml')).status).toBe(200)
    expect((await rawGet('/favicon.svg')).status).toBe(200)
    const notFound = await rawGet('/api/public/posts/a..b')
    expect(notFound.status).toBe(404)
    expect(JSON.parse(notFound.text).message).not.toBe('Bad Request')
    expect((await rawGet('/posts/a..b')).status).toBe(404)
    expect((await rawGet('/api/public/posts?search=..%2F..')).status).toBe(200)
    expect((await rawGet('/cari?q=../..')).status).toBe(200)
  })
})

describe('hostile search strings', () => {
  it('answers huge, unicode and SQL-like searches normally', async () => {
    const token = await adminToken()
    const searches = [
      "' OR 1=1 --",
      '"; DROP TABLE posts; --',
      "%' UNION SELECT password FROM users --",
      '%',
      '_',
      '\\',
      // Huge, yet within what an HTTP request line may carry.
      'a'.repeat(8_000),
      'Désa 🌾 ꦱꦸꦏ ملک 中文',
      '\u0000\u0001',
      '<script>alert(1)</script>',
      '${7*7}{{7*7}}',
    ]
    for (const search of searches) {
      for (const path of [
        '/api/public/posts',
        '/api/public/products',
        '/api/public/pages',
        '/api/admin/users',
        '/api/admin/posts',
      ]) {
        const result = await api('GET', `${path}?search=${encodeURIComponent(search)}`, { token })
        expect(result.status, `${path} ${search.slice(0, 20)}`).toBe(200)
        expect(result.body.success).toBe(true)
        expect(Array.isArray(result.body.data.data)).toBe(true)
        expect(result.text).not.toMatch(/\$2[aby]\$/)
      }
      const page = await fetch(`${baseUrl()}/posts?search=${encodeURIComponent(search)}`)
      expect(page.status, `/posts ${search.slice(0, 20)}`).toBe(200)
    }
    // SQL-like text is data, not SQL: the users table is intact.
    expect((await api('GET', '/api/admin/users?search=admin', { token })).body.data.total).toBeGreaterThanOrEqual(1)
  })
})

// Each attempt starts a server process (and on PostgreSQL first copies a database): more time than one request.
describe('start-up configuration', { timeout: 90_000 }, () => {
  const refuses = async (env: Record<string, string>, mention: string) => {
    const attempt = startServer({ env })
    // A server that starts after all is stopped, not left running after the failed test.
    attempt.then(
      (server) => server.stop(),
      () => undefined,
    )
    await expect(attempt).rejects.toThrow(mention)
  }

  it('refuses a weak JWT_SECRET, naming the variable (none at all is generated: see deployment.test.ts)', async () => {
    await refuses({ JWT_SECRET: 'short-secret' }, 'JWT_SECRET must be at least 32 characters')
  })

  it('names any other bad variable, every one of them at once', async () => {
    // TRUST_PROXY is a count of proxies, never a switch that would believe any X-Forwarded-For. DATABASE_URL is
    // neither a SQLite file nor a PostgreSQL address.
    const bad = {
      PORT: 'eighty',
      SEED_DEMO: 'maybe',
      TOKEN_TTL: 'forever',
      TRUST_PROXY: 'yes',
      LOG_LEVEL: 'loud',
      WEB_CONCURRENCY: 'all',
      DATABASE_URL: 'mysql://x',
    }
    const refused = await startServer({ env: bad }).then(
      async (server) => {
        await server.stop()
        return new Error('started')
      },
      (error: Error) => error,
    )
    for (const name of Object.keys(bad)) expect(refused.message).toContain(`${name} `)
    expect(refused.message).toContain('TRUST_PROXY must be the number of reverse proxies')
    await refuses({ STORAGE: 's3' }, 'S3_BUCKET is required')
  }, 60_000)

  it(
    'refuses SMTP_URL without SITE_URL: ' + 'the e-mailed reset links must never take their host from a request',
    async () => {
      await refuses(
        { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Desa Uji Coba <noreply@example.com>', SITE_URL: '' },
        'SITE_URL is required when SMTP_URL is set',
      )
    },
  )

  it('warns at start while a seeded account keeps the default password', async () => {
    const server = await startServer({ env: { SEED_DEMO: 'false' } })
    try {
      expect(server.logs().filter((line) => line.event === 'default-password')).toEqual([
        expect.objectContaining({
          level: 'warn',
          accounts: ['admin', 'user'],
          msg: expect.stringContaining('still use the default password'),
        }),
      ])
    } finally {
      await server.stop()
      fs.rmSync(server.dir, { recursive: true, force: true })
    }
    const strong = await startServer({
      env: { SEED_DEMO: 'false', SEED_ADMIN_PASSWORD: 'kuat-sekali-123', SEED_USER_PASSWORD: 'juga-kuat-456' },
    })
    try {
      expect(strong.output()).not.toContain('default password')
    } finally {
      await strong.stop()
      fs.rmSync(strong.dir, { recursive: true, force: true })
    }
  })
})
