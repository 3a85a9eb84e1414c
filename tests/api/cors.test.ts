import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { adminToken, api, login, type ApiResult } from '../support/api'
import { startServer, type TestServer } from '../support/server'

// bcrypt and private servers are slow on a busy machine shared with the other test files
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

/**
 * docs/api.md "Transport": preflight answered, allowed headers and methods, Access-Control-Allow-Origin per
 * CORS_ORIGINS.
 */

const preflight = (path: string, origin: string, base?: string, method = 'PUT') =>
  api('OPTIONS', path, {
    base,
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': method,
      'Access-Control-Request-Headers': 'authorization, content-type',
    },
  })

const list = (value: string | null) => (value ?? '').split(',').map((part) => part.trim().toLowerCase())

function expectAllowsHeadersAndMethods(result: ApiResult) {
  expect(list(result.headers.get('access-control-allow-headers'))).toEqual(
    expect.arrayContaining(['authorization', 'content-type', 'accept']),
  )
  expect(list(result.headers.get('access-control-allow-methods'))).toEqual(
    expect.arrayContaining(['get', 'post', 'put', 'delete', 'options']),
  )
}

const PATHS = [
  '/api/login',
  '/api/logout',
  '/api/admin/dashboard',
  '/api/admin/users',
  '/api/admin/roles/1',
  '/api/admin/categories/all',
  '/api/public/posts',
  '/api/no-such-thing',
]

describe('with the default CORS_ORIGINS (*)', () => {
  it.each(PATHS)('answers a preflight of %s without a token', async (path) => {
    const result = await preflight(path, 'https://aplikasi.example')
    expect([200, 204], `${path}: ${result.status} ${result.text}`).toContain(result.status)
    expect(result.headers.get('access-control-allow-origin')).toBe('*')
    expectAllowsHeadersAndMethods(result)
  })

  it('sends Access-Control-Allow-Origin on successes and on failures, so a browser client can read both', async () => {
    const origin = { Origin: 'https://aplikasi.example' }
    const token = await adminToken()
    const results = [
      await api('GET', '/api/admin/dashboard', { token, headers: origin }),
      await api('GET', '/api/admin/dashboard', { headers: origin }),
      await api('POST', '/api/admin/categories', { token, json: {}, headers: origin }),
      await api('GET', '/api/admin/users/999999999', { token, headers: origin }),
      await api('GET', '/api/no-such-thing', { headers: origin }),
      await api('POST', '/api/admin/categories', {
        token,
        body: '{',
        headers: { ...origin, 'Content-Type': 'application/json' },
      }),
    ]
    expect(results.map((result) => result.status)).toEqual([200, 401, 422, 404, 404, 400])
    for (const result of results) expect(result.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('sends them too on the answers the server gives before the API code runs', async () => {
    const origin = { Origin: 'https://aplikasi.example' }
    const token = await adminToken()
    const results = [
      // A cross-site change riding on the session cookie (CSRF refusal).
      await api('POST', '/api/admin/categories', {
        json: { name: 'x' },
        headers: { ...origin, Cookie: `token=${token}`, 'Sec-Fetch-Site': 'cross-site' },
      }),
      // A path that is not valid percent-encoding.
      await api('GET', '/api/%E0%A4%A', { token, headers: origin }),
      // Remix's own data suffix under /api.
      await api('GET', '/api/public/posts.data', { headers: origin }),
    ]
    expect(results.map((result) => result.status)).toEqual([403, 400, 404])
    for (const result of results) {
      expect(result.headers.get('access-control-allow-origin'), result.text).toBe('*')
      expectAllowsHeadersAndMethods(result)
      expect(result.body.success).toBe(false)
    }
  })

  it('lets a cross-origin client log in and call the API with a bearer token', async () => {
    const origin = { Origin: 'https://aplikasi.example' }
    const token = await login('user')
    const result = await api('GET', '/api/admin/posts', { token, headers: origin })
    expect(result.status).toBe(200)
    expect(result.headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('with CORS_ORIGINS listing two origins', () => {
  let server: TestServer
  const allowed = ['https://satu.example', 'http://localhost:5173']

  beforeAll(async () => {
    server = await startServer({ env: { CORS_ORIGINS: ` ${allowed[0]} , ${allowed[1]}` } })
  })

  afterAll(async () => {
    await server?.stop()
  })

  it('echoes each listed origin, on preflights and on answers, and varies on Origin', async () => {
    for (const origin of allowed) {
      const pre = await preflight('/api/admin/users', origin, server.url, 'DELETE')
      expect([200, 204]).toContain(pre.status)
      expect(pre.headers.get('access-control-allow-origin')).toBe(origin)
      expect(list(pre.headers.get('vary'))).toContain('origin')
      expectAllowsHeadersAndMethods(pre)
      const answer = await api('GET', '/api/admin/dashboard', { base: server.url, headers: { Origin: origin } })
      expect(answer.status).toBe(401)
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin)
      expect(list(answer.headers.get('vary'))).toContain('origin')
      const malformed = await api('GET', '/api/admin/users/%', { base: server.url, headers: { Origin: origin } })
      expect(malformed.status).toBe(400)
      expect(malformed.headers.get('access-control-allow-origin')).toBe(origin)
      expect(list(malformed.headers.get('vary'))).toContain('origin')
    }
  })

  it('answers each origin with its own header when the same public read is repeated', async () => {
    const read = (origin?: string) =>
      api('GET', '/api/public/posts?page=1', { base: server.url, headers: origin ? { Origin: origin } : {} })
    for (const [origin, expected] of [
      [allowed[0], allowed[0]],
      [allowed[1], allowed[1]],
      ['https://jahat.example', null],
      [undefined, null],
      [allowed[0], allowed[0]],
    ] as const) {
      const result = await read(origin)
      expect(result.status).toBe(200)
      expect(result.headers.get('access-control-allow-origin'), origin).toBe(expected)
    }
  })

  it('gives any other origin, or no origin, no Access-Control-Allow-Origin', async () => {
    for (const origin of [
      'https://jahat.example',
      'https://satu.example.jahat.example',
      'http://satu.example',
      'null',
    ]) {
      const pre = await preflight('/api/admin/users', origin, server.url)
      expect(pre.headers.get('access-control-allow-origin'), origin).toBeNull()
      const answer = await api('GET', '/api/public/posts', { base: server.url, headers: { Origin: origin } })
      expect(answer.headers.get('access-control-allow-origin'), origin).toBeNull()
    }
    const noOrigin = await api('POST', '/api/login', { base: server.url, json: {} })
    expect(noOrigin.status).toBe(422)
    expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('still serves a listed origin a working login', async () => {
    const result = await api('POST', '/api/login', {
      base: server.url,
      json: { username: 'admin', password: 'password' },
      headers: { Origin: allowed[1] },
    })
    expect(result.status).toBe(200)
    expect(result.headers.get('access-control-allow-origin')).toBe(allowed[1])
  })
})
