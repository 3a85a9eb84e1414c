import crypto from 'node:crypto'
import jwt from 'jsonwebtoken'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import {
  adminToken,
  api,
  clientAddress,
  expectFailure,
  expectNoSecrets,
  expectSuccess,
  ISO_UTC,
  login,
  unique,
  userWithPermissions,
} from '../support/api'

// bcrypt and private servers are slow on a busy machine shared with the other test files
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  api('POST', path, { json, headers: { 'X-Forwarded-For': clientAddress(), ...headers } })

describe('POST /api/login', () => {
  it('returns the profile, the permission map and a token', async () => {
    const result = await post('/api/login', { username: 'admin', password: 'password' })
    expect(result.status).toBe(200)
    expect(result.body.success).toBe(true)
    const data = result.body.data
    expect(data).toMatchObject({
      id: expect.any(Number),
      name: 'Administrator',
      username: 'admin',
      email: 'admin@example.com',
    })
    expect(typeof data.created_at).toBe('string')
    expect(data.permissions['posts-create']).toBe(true)
    expect(data.permissions['sliders-delete']).toBe(true)
    expect(data.token.split('.')).toHaveLength(3)
    expect(JSON.stringify(result.body)).not.toMatch(/password|\$2[aby]\$/i)
  })

  it('gives the seeded user only its role permissions', async () => {
    const result = await post('/api/login', { username: 'user', password: 'password' })
    expect(result.status).toBe(200)
    expect(Object.keys(result.body.data.permissions).sort()).toEqual(
      ['dashboard-index', 'pages-index', 'photos-index', 'posts-index', 'sliders-index'].sort(),
    )
  })

  it('answers missing fields with 422 Username and Password keys', async () => {
    const result = await post('/api/login', {})
    expect(result.status).toBe(422)
    expect(result.body).toEqual({
      success: false,
      message: 'Validation Errors',
      errors: { Username: 'Username is required', Password: 'Password is required' },
    })
  })

  it('answers an unknown user and a wrong password alike', async () => {
    const unknown = await post('/api/login', { username: unique('nobody'), password: 'password' })
    const wrong = await post('/api/login', { username: 'admin', password: 'wrong-password' })
    expect(unknown.status).toBe(401)
    expect(wrong.status).toBe(401)
    expect(unknown.body).toEqual(wrong.body)
    expect(wrong.body.errors).toEqual({ Error: 'Invalid username or password' })
  })

  it('rejects malformed JSON with a 400 JSON error', async () => {
    const result = await api('POST', '/api/login', {
      body: '{"username":',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': clientAddress() },
    })
    expect(result.status).toBe(400)
    expect(result.headers.get('content-type')).toContain('application/json')
    expect(result.body.success).toBe(false)
  })
})

describe('the login throttle per address (decision 060)', () => {
  it('counts every address of one IPv6 /64 together (an IPv4-mapped one as its IPv4: tests/unit/client-key)', async () => {
    const ipv6Block = () =>
      `2001:db8:${crypto.randomInt(0, 0x10000).toString(16)}:${crypto.randomInt(0, 0x10000).toString(16)}`
    const block = ipv6Block()
    const attempt = (address: string) =>
      post('/api/login', { username: unique('semprot'), password: 'wrong-password' }, { 'X-Forwarded-For': address })
    for (let i = 0; i < 20; i++) expect((await attempt(`${block}::${i + 1}`)).status).toBe(401)
    for (const address of [`${block}:ffff:ffff:ffff:ffff`, `${block}:1::1`]) {
      const refused = await attempt(address)
      expect(refused.status, address).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect((await attempt(`${ipv6Block()}::1`)).status).toBe(401)
  })
})

describe('tokens', () => {
  it('refuses requests without a token, with a forged one or a wrong secret', async () => {
    expect((await api('GET', '/api/admin/dashboard')).status).toBe(401)
    const none = jwt.sign({ ver: 0 }, '', { algorithm: 'none', subject: '1', issuer: 'balai-desa' })
    const wrongSecret = jwt.sign({ ver: 0 }, 'another-secret-another-secret-another', {
      algorithm: 'HS256',
      subject: '1',
      issuer: 'balai-desa',
    })
    for (const token of [none, wrongSecret, 'not-a-token']) {
      const result = await api('GET', '/api/admin/dashboard', { token })
      expect(result.status).toBe(401)
      expect(result.body).toEqual({ success: false, message: 'Unauthenticated', errors: null })
    }
  })

  it('accepts the token from the `token` cookie as well', async () => {
    const token = await adminToken()
    const result = await api('GET', '/api/admin/dashboard', { headers: { Cookie: `token=${token}` } })
    expect(result.status).toBe(200)
  })

  it('revokes the token used to log out, and only that one', async () => {
    const token = await login('admin')
    const other = await login('admin')
    expect((await api('GET', '/api/admin/dashboard', { token })).status).toBe(200)
    expect((await api('POST', '/api/logout', { token })).status).toBe(200)
    expect((await api('GET', '/api/admin/dashboard', { token })).status).toBe(401)
    expect((await api('POST', '/api/logout', { token })).status).toBe(401)
    expect((await api('GET', '/api/admin/dashboard', { token: other })).status).toBe(200)
  })

  it('revokes tokens when the password changes and when the user is deleted', async () => {
    const admin = await adminToken()
    const { token, userId, username } = await userWithPermissions(['dashboard-index'])
    expect((await api('GET', '/api/admin/dashboard', { token })).status).toBe(200)
    const changed = await api('PUT', `/api/admin/users/${userId}`, {
      token: admin,
      json: { name: 'Test User', username, email: `${username}@example.com`, password: 'another-password' },
    })
    expect(changed.status).toBe(200)
    expect((await api('GET', '/api/admin/dashboard', { token })).status).toBe(401)
    const second = await login(username, 'another-password')
    expect((await api('DELETE', `/api/admin/users/${userId}`, { token: admin })).status).toBe(200)
    expect((await api('GET', '/api/admin/dashboard', { token: second })).status).toBe(401)
  })
})

describe('unknown API paths', () => {
  it('answer JSON 404, never HTML', async () => {
    for (const path of ['/api/nope', '/api/admin/nothing-here', '/api/admin/posts/1/extra/parts']) {
      const result = await api('GET', path)
      expect(result.status, path).toBe(404)
      expect(result.headers.get('content-type')).toContain('application/json')
      expect(result.body).toMatchObject({ success: false })
    }
  })
})

describe('login payload and logout envelope', () => {
  it('answers exactly the fields of docs/api.md, with ISO dates', async () => {
    const result = await post('/api/login', { username: 'user', password: 'password' })
    const data = expectSuccess(result, 200)
    expect(Object.keys(data).sort()).toEqual([
      'created_at',
      'email',
      'id',
      'name',
      'permissions',
      'token',
      'updated_at',
      'username',
    ])
    expect(data.created_at).toMatch(ISO_UTC)
    expect(data.updated_at).toMatch(ISO_UTC)
    expect(Object.values(data.permissions).every((value) => value === true)).toBe(true)
    expectNoSecrets(result)
  })

  it('trims the username but never the password', async () => {
    expect((await post('/api/login', { username: '  user ', password: 'password' })).status).toBe(200)
    expectFailure(await post('/api/login', { username: 'user', password: ' password ' }), 401, undefined, {
      Error: 'Invalid username or password',
    })
  })

  it('answers fields of the wrong type with 422, not 500', async () => {
    const result = await post('/api/login', { username: ['admin'], password: 12345678 })
    expectFailure(result, 422, 'Validation Errors')
    expect(Object.keys(result.body.errors).sort()).toEqual(['Password', 'Username'])
  })

  it('logs out with data null, and refuses an anonymous logout with 401', async () => {
    const token = await login('user')
    expect(expectSuccess(await api('POST', '/api/logout', { token }), 200)).toBeNull()
    expectFailure(await api('POST', '/api/logout'), 401, 'Unauthenticated', null)
  })

  it('revokes a token sent as the cookie on logout as well', async () => {
    const token = await login('user')
    const cookie = { Cookie: `token=${token}` }
    expect((await api('POST', '/api/logout', { headers: cookie })).status).toBe(200)
    expect((await api('GET', '/api/admin/dashboard', { headers: cookie })).status).toBe(401)
    expect((await api('GET', '/api/admin/dashboard', { token })).status).toBe(401)
  })
})

describe('token claims', () => {
  // The secret every test server runs with (tests/support/server.ts).
  const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789'
  // A token names its session (`jti`): a row made at login, so tokens are re-signed here around a real session.
  let session: { jti: string; sub: string }
  const sign = (claims: { sub?: string; jti?: string; iss?: string; exp?: number }, secret = SECRET) =>
    jwt.sign({ exp: claims.exp ?? Math.floor(Date.now() / 1000) + 600, jti: claims.jti ?? session.jti }, secret, {
      algorithm: 'HS256',
      subject: claims.sub ?? session.sub,
      issuer: claims.iss ?? 'balai-desa',
    })

  beforeAll(async () => {
    const claims = jwt.decode(await login('admin')) as { jti: string; sub: string }
    session = { jti: claims.jti, sub: claims.sub }
  })

  it('accepts a well-formed token of ours (so the refusals below are about the claim they change)', async () => {
    expect((await api('GET', '/api/admin/dashboard', { token: sign({}) })).status).toBe(200)
  })

  it(
    'refuses an expired token, an unknown session, another issuer, another or an unknown user ' +
      'and a non-bearer scheme',
    async () => {
      const other = jwt.decode(await login('user')) as { sub: string }
      const refused = [
        sign({ exp: Math.floor(Date.now() / 1000) - 10 }),
        sign({ jti: crypto.randomUUID() }),
        sign({ iss: 'someone-else' }),
        sign({ sub: other.sub }),
        sign({ sub: '999999999' }),
        sign({ sub: 'admin' }),
      ]
      for (const token of refused) {
        expectFailure(await api('GET', '/api/admin/dashboard', { token }), 401, 'Unauthenticated', null)
      }
      const valid = sign({})
      for (const header of [`Basic ${valid}`, valid, 'Bearer', `Bearer ${valid} extra`]) {
        expectFailure(
          await api('GET', '/api/admin/dashboard', { headers: { Authorization: header } }),
          401,
          'Unauthenticated',
          null,
        )
      }
      expect((await api('GET', '/api/admin/dashboard', { headers: { Authorization: `bearer ${valid}` } })).status).toBe(
        200,
      )
    },
  )
})

describe('JSON errors, never HTML', () => {
  const paths = [
    '/api',
    '/api/',
    '/api/admin',
    '/api/admin/',
    '/api/admin/users/all',
    '/api/admin/users/1/extra',
    '/api/login/extra',
    '/api/public/nothing-here',
    '/api/admin/dashboard/more',
    '/api/admin/dashboard.data',
    '/api/admin/users.data',
    '/api/login.data',
    '/api/nope.data',
  ]
  it.each(['GET', 'POST', 'PUT', 'DELETE'])('%s on unknown /api/* paths answers a JSON 404', async (method) => {
    const token = await adminToken()
    for (const path of paths) {
      const result = await api(method, path, { token })
      expect(result.status, `${method} ${path}: ${result.text.slice(0, 200)}`).toBe(404)
      expect(result.headers.get('content-type'), path).toContain('application/json')
      expect(result.body, path).toMatchObject({ success: false, errors: null })
    }
  })

  it('answers a path that is not valid percent-encoding with a JSON 400', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      for (const path of ['/api/%E0%A4%A', '/api/admin/users/%', '/api/admin/%zz/1']) {
        const result = await api(method, path, { token: await adminToken() })
        expect(result.status, `${method} ${path}: ${result.text.slice(0, 200)}`).toBe(400)
        expect(result.headers.get('content-type'), path).toContain('application/json')
        expect(result.body, path).toEqual({ success: false, message: 'Bad Request', errors: null })
      }
    }
  })

  it('answers API routes reached with another letter case in JSON too, never with a redirect to /login', async () => {
    for (const path of ['/API/admin/dashboard', '/Api/admin/users', '/api/ADMIN/roles/1']) {
      const result = await api('GET', path)
      expect([401, 404], `${path}: ${result.status} ${result.headers.get('location')}`).toContain(result.status)
      expect(result.headers.get('content-type'), path).toContain('application/json')
      expect(result.body.success).toBe(false)
    }
  })

  it('answers a method a route does not take with a JSON error', async () => {
    const token = await adminToken()
    for (const [method, path] of [
      ['GET', '/api/login'],
      ['GET', '/api/logout'],
      ['DELETE', '/api/admin/users'],
      ['PUT', '/api/admin/categories'],
      ['POST', '/api/admin/dashboard'],
      ['POST', '/api/admin/roles/1'],
      ['DELETE', '/api/admin/permissions/all'],
    ]) {
      const result = await api(method, path, { token })
      expect(result.status, `${method} ${path}`).toBeGreaterThanOrEqual(400)
      expect(result.status, `${method} ${path}`).toBeLessThan(500)
      expect(result.headers.get('content-type'), `${method} ${path}`).toContain('application/json')
      expect(result.body.success).toBe(false)
    }
  })

  it.each([
    ['POST', '/api/login'],
    ['POST', '/api/admin/permissions'],
    ['PUT', '/api/admin/permissions/1'],
    ['POST', '/api/admin/roles'],
    ['PUT', '/api/admin/roles/1'],
    ['POST', '/api/admin/users'],
    ['PUT', '/api/admin/users/1'],
    ['POST', '/api/admin/categories'],
    ['PUT', '/api/admin/categories/1'],
  ])('%s %s answers malformed JSON, or JSON that is not an object, with a JSON 400', async (method, path) => {
    const token = await adminToken()
    for (const body of ['{"name":', '{name: "x"}', '[]', '"text"', '42', 'null', '\u0000']) {
      const result = await api(method, path, {
        token,
        body,
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': clientAddress() },
      })
      expectFailure(result, 400)
      expect(result.text).not.toMatch(/SyntaxError|at JSON\.parse|node_modules|\/work\//)
    }
  })
})

describe('no response carries a password or a hash', () => {
  it('on any read of users, roles, login and the dashboard', async () => {
    const { userId } = await userWithPermissions(['dashboard-index'])
    const token = await adminToken()
    const reads = [
      '/api/admin/users?limit=100',
      `/api/admin/users/${userId}`,
      `/api/admin/users?search=example.com&limit=100`,
      '/api/admin/roles?limit=100',
      '/api/admin/roles/all',
      '/api/admin/permissions/all',
      '/api/admin/dashboard',
      '/api/admin/posts?limit=100',
      '/api/admin/pages?limit=100',
      '/api/admin/products?limit=100',
      '/api/public/posts?limit=100',
      '/api/public/posts_home',
      '/api/public/pages?limit=100',
      '/api/public/products?limit=100',
    ]
    for (const path of reads) {
      const result = await api('GET', path, { token })
      expect(result.status, path).toBe(200)
      expectNoSecrets(result)
    }
    expectNoSecrets(await post('/api/login', { username: 'admin', password: 'password' }))
  })
})

describe('odd input is a 4xx, never a 500', () => {
  const odd: unknown[] = [
    null,
    true,
    0,
    -1,
    1e308,
    12345678,
    '',
    ' ',
    'x'.repeat(5000),
    '\u0000',
    '<script>alert(1)</script>',
    [],
    ['a'],
    {},
    { $gt: '' },
  ]
  const routes: [string, string, string[]][] = [
    ['POST', '/api/admin/permissions', ['name']],
    ['POST', '/api/admin/roles', ['name', 'permission_ids']],
    ['POST', '/api/admin/users', ['name', 'username', 'email', 'password', 'role_ids']],
    ['POST', '/api/admin/categories', ['name']],
    ['POST', '/api/login', ['username', 'password']],
  ]
  it.each(routes)('%s %s', async (method, path, fields) => {
    const token = await adminToken()
    for (const field of fields) {
      for (const value of odd) {
        const tag = unique('odd').toLowerCase()
        const valid: Record<string, unknown> = {
          name: path.endsWith('permissions') ? `${tag}-index` : `Nama ${tag}`,
          username: tag,
          email: `${tag}@example.com`,
          password: path === '/api/login' ? 'wrong-password' : 'password123',
          role_ids: [],
          permission_ids: [],
        }
        const result = await api(method, path, {
          token,
          json: { ...valid, [field]: value },
          headers: { 'X-Forwarded-For': clientAddress() },
        })
        const label = `${field}=${JSON.stringify(value)?.slice(0, 40)}: ${result.status} ${result.text.slice(0, 200)}`
        expect(result.status, label).toBeGreaterThanOrEqual(200)
        expect(result.status, label).toBeLessThan(500)
        expect(result.headers.get('content-type'), label).toContain('application/json')
        if (result.status === 422) expect(Object.keys(result.body.errors ?? {}).length, label).toBeGreaterThan(0)
      }
    }
  })
})
