import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
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
import { startServer, type TestServer } from '../support/server'

// bcrypt and private servers are slow on a busy machine shared with the other test files
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

const USER_KEYS = ['created_at', 'email', 'id', 'name', 'roles', 'updated_at', 'username']

const newUser = (overrides: Record<string, unknown> = {}) => {
  const username = unique('usr')
  return {
    name: `Warga ${username}`,
    username,
    email: `${username}@example.com`,
    password: 'rahasia-123',
    role_ids: [] as number[],
    ...overrides,
  }
}

const tryLogin = (username: string, password: string, base?: string) =>
  api('POST', '/api/login', { json: { username, password }, headers: { 'X-Forwarded-For': clientAddress() }, base })

let admin: string
let userRoleId: number
let adminRoleId: number

beforeAll(async () => {
  admin = await adminToken()
  const roles = await api('GET', '/api/admin/roles/all', { token: admin })
  userRoleId = roles.body.data.find((role: { name: string }) => role.name === 'user').id
  adminRoleId = roles.body.data.find((role: { name: string }) => role.name === 'admin').id
})

describe('POST /api/admin/users', () => {
  it('creates a user with roles and never answers the password', async () => {
    const input = newUser({ role_ids: [userRoleId] })
    const result = await api('POST', '/api/admin/users', { token: admin, json: input })
    const data = expectSuccess(result, 201, 'User created successfully')
    expectNoSecrets(result)
    expect(Object.keys(data).sort()).toEqual(USER_KEYS)
    expect(data).toMatchObject({
      name: input.name,
      username: input.username,
      email: input.email,
      roles: [{ id: userRoleId, name: 'user' }],
    })
    expect(data.created_at).toMatch(ISO_UTC)
    expect(data.updated_at).toMatch(ISO_UTC)
    const session = await tryLogin(input.username, input.password)
    expect(session.status).toBe(200)
    expect(Object.keys(session.body.data.permissions).sort()).toEqual([
      'dashboard-index',
      'pages-index',
      'photos-index',
      'posts-index',
      'sliders-index',
    ])
  })

  it('trims text fields and takes role_ids as optional', async () => {
    const input = newUser()
    const { role_ids: _omitted, ...body } = input
    const result = await api('POST', '/api/admin/users', {
      token: admin,
      json: { ...body, name: `  ${input.name}  `, username: ` ${input.username} `, email: ` ${input.email} ` },
    })
    const data = expectSuccess(result, 201)
    expect(data).toMatchObject({ name: input.name, username: input.username, email: input.email, roles: [] })
  })

  it('answers missing fields with 422 and the Name, Username, Email and Password keys', async () => {
    const result = await api('POST', '/api/admin/users', { token: admin, json: {} })
    expectFailure(result, 422, 'Validation Errors', {
      Name: 'Name is required',
      Username: 'Username is required',
      Email: 'Email is required',
      Password: 'Password is required',
    })
    const blank = await api('POST', '/api/admin/users', {
      token: admin,
      json: { name: '  ', username: ' ', email: '', password: '' },
    })
    expect(Object.keys(blank.body.errors).sort()).toEqual(['Email', 'Name', 'Password', 'Username'])
  })

  it('refuses an invalid email', async () => {
    const result = await api('POST', '/api/admin/users', { token: admin, json: newUser({ email: 'not-an-email' }) })
    expectFailure(result, 422, 'Validation Errors', { Email: 'Email is not a valid email address' })
  })

  it('refuses a taken username or email with 422 on their own keys', async () => {
    const first = newUser()
    expect((await api('POST', '/api/admin/users', { token: admin, json: first })).status).toBe(201)
    const sameUsername = await api('POST', '/api/admin/users', {
      token: admin,
      json: newUser({ username: first.username }),
    })
    expectFailure(sameUsername, 422, 'Validation Errors', { Username: 'Username already exists' })
    const sameEmail = await api('POST', '/api/admin/users', { token: admin, json: newUser({ email: first.email }) })
    expectFailure(sameEmail, 422, 'Validation Errors', { Email: 'Email already exists' })
    const both = await api('POST', '/api/admin/users', {
      token: admin,
      json: newUser({ username: first.username, email: first.email }),
    })
    expectFailure(both, 422, 'Validation Errors', {
      Username: 'Username already exists',
      Email: 'Email already exists',
    })
  })

  it(
    'lets exactly one of two simultaneous creates with the same username win; the other is a ' + '422, not a 500',
    async () => {
      const input = newUser()
      const results = await Promise.all([
        api('POST', '/api/admin/users', { token: admin, json: input }),
        api('POST', '/api/admin/users', { token: admin, json: { ...input, email: `other-${input.email}` } }),
      ])
      expect(results.map((r) => r.status).sort()).toEqual([201, 422])
      expect(results.find((r) => r.status === 422)!.body.errors).toEqual({ Username: 'Username already exists' })
    },
  )

  it('refuses unknown role ids', async () => {
    for (const role_ids of [[MISSING], [1e20], ['x'], [0]]) {
      const result = await api('POST', '/api/admin/users', { token: admin, json: newUser({ role_ids }) })
      expect(result.status, JSON.stringify(role_ids)).toBe(422)
      expect(Object.keys(result.body.errors)).toHaveLength(1)
    }
  })

  it('accepts passwords of 8 to 72 bytes and refuses others with 422 Password', async () => {
    const accepted = ['12345678', 'x'.repeat(72), 'é'.repeat(36), '🔑🔑']
    for (const password of accepted) {
      const input = newUser({ password })
      const result = await api('POST', '/api/admin/users', { token: admin, json: input })
      expect(result.status, `${Buffer.byteLength(password)} bytes: ${result.text}`).toBe(201)
      expect((await tryLogin(input.username, password)).status).toBe(200)
    }
    const refused = ['1234567', 'x'.repeat(73), 'é'.repeat(37), '🔑']
    for (const password of refused) {
      const result = await api('POST', '/api/admin/users', { token: admin, json: newUser({ password }) })
      expectFailure(result, 422, 'Validation Errors')
      expect(Object.keys(result.body.errors), `${Buffer.byteLength(password)} bytes`).toEqual(['Password'])
    }
  })

  it(
    'does not let a password longer than 72 bytes log in as the 72-byte one (bcrypt reads only ' + '72 bytes)',
    async () => {
      const password = 'p'.repeat(72)
      const input = newUser({ password })
      expect((await api('POST', '/api/admin/users', { token: admin, json: input })).status).toBe(201)
      expect((await tryLogin(input.username, password)).status).toBe(200)
      const longer = await tryLogin(input.username, `${password}extra`)
      expectFailure(longer, 401, undefined, { Error: 'Invalid username or password' })
    },
  )

  it('answers malformed JSON with a 400 JSON error', async () => {
    const result = await api('POST', '/api/admin/users', {
      token: admin,
      body: '{"name": "x",',
      headers: { 'Content-Type': 'application/json' },
    })
    expectFailure(result, 400)
    const array = await api('POST', '/api/admin/users', { token: admin, json: [newUser()] })
    expectFailure(array, 400)
  })
})

const MISSING = 999_999_999

async function createUser(overrides: Record<string, unknown> = {}) {
  const input = newUser(overrides)
  const result = await api('POST', '/api/admin/users', { token: admin, json: input })
  expect(result.status, result.text).toBe(201)
  return {
    input,
    user: result.body.data as { id: number; username: string; email: string; name: string; updated_at: string },
  }
}

describe('GET /api/admin/users', () => {
  it('lists users newest first with their roles, in the paging payload, without passwords', async () => {
    const { input } = await createUser({ role_ids: [userRoleId, adminRoleId] })
    const result = await api('GET', `/api/admin/users?search=${input.username}`, { token: admin })
    const data = expectSuccess(result, 200, 'List Data Users')
    expectNoSecrets(result)
    expect(data.total).toBe(1)
    expect(Object.keys(data.data[0]).sort()).toEqual(USER_KEYS)
    expect(data.data[0].roles).toEqual(
      expect.arrayContaining([
        { id: userRoleId, name: 'user' },
        { id: adminRoleId, name: 'admin' },
      ]),
    )
    expect(data.data[0].roles).toHaveLength(2)
    const page = await api('GET', '/api/admin/users?limit=100', { token: admin })
    expectNoSecrets(page)
    const ids = page.body.data.data.map((user: { id: number }) => user.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
  })
})

describe('GET /api/admin/users/{id}', () => {
  it('answers one user without the password', async () => {
    const { user, input } = await createUser({ role_ids: [userRoleId] })
    const result = await api('GET', `/api/admin/users/${user.id}`, { token: admin })
    const data = expectSuccess(result, 200)
    expectNoSecrets(result)
    expect(data).toEqual({ ...user, roles: [{ id: userRoleId, name: 'user' }] })
    expect(data.username).toBe(input.username)
  })

  it('answers 404 User not found for an unknown or malformed id', async () => {
    for (const id of [String(MISSING), 'abc', '0', '-1', '1.5']) {
      expectFailure(await api('GET', `/api/admin/users/${id}`, { token: admin }), 404, 'User not found', null)
    }
  })

  it('checks the token before looking at the id', async () => {
    expectFailure(await api('GET', '/api/admin/users/abc'), 401, 'Unauthenticated', null)
    expectFailure(await api('GET', `/api/admin/users/${MISSING}`), 401, 'Unauthenticated', null)
  })
})

describe('PUT /api/admin/users/{id}', () => {
  it('updates the fields and replaces the roles; the id in the path wins over the body', async () => {
    const { user, input } = await createUser({ role_ids: [userRoleId] })
    const { user: other } = await createUser()
    const changed = {
      id: other.id,
      name: '  Nama Baru  ',
      username: unique('renamed'),
      email: `${unique('new')}@example.org`,
      role_ids: [],
    }
    const result = await api('PUT', `/api/admin/users/${user.id}`, { token: admin, json: changed })
    const data = expectSuccess(result, 200, 'User updated successfully')
    expectNoSecrets(result)
    expect(data).toMatchObject({
      id: user.id,
      name: 'Nama Baru',
      username: changed.username,
      email: changed.email,
      roles: [],
    })
    expect(new Date(data.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(user.updated_at).getTime())
    const untouched = await api('GET', `/api/admin/users/${other.id}`, { token: admin })
    expect(untouched.body.data.username).toBe(other.username)
    expect((await tryLogin(changed.username, input.password)).status).toBe(200)
  })

  it('keeps the old password when password is empty or missing, and changes it otherwise', async () => {
    const { user, input } = await createUser()
    const base = { name: input.name, username: input.username, email: input.email }
    expect(
      (await api('PUT', `/api/admin/users/${user.id}`, { token: admin, json: { ...base, password: '' } })).status,
    ).toBe(200)
    expect((await api('PUT', `/api/admin/users/${user.id}`, { token: admin, json: base })).status).toBe(200)
    expect(
      (await api('PUT', `/api/admin/users/${user.id}`, { token: admin, json: { ...base, password: null } })).status,
    ).toBe(200)
    expect((await tryLogin(input.username, input.password)).status).toBe(200)
    expect(
      (await api('PUT', `/api/admin/users/${user.id}`, { token: admin, json: { ...base, password: 'sandi-baru-456' } }))
        .status,
    ).toBe(200)
    expect((await tryLogin(input.username, input.password)).status).toBe(401)
    expect((await tryLogin(input.username, 'sandi-baru-456')).status).toBe(200)
  })

  it('validates like create, except that the password may be left out', async () => {
    const { user } = await createUser()
    const { user: other } = await createUser()
    expectFailure(
      await api('PUT', `/api/admin/users/${user.id}`, { token: admin, json: {} }),
      422,
      'Validation Errors',
      {
        Name: 'Name is required',
        Username: 'Username is required',
        Email: 'Email is required',
      },
    )
    const clash = await api('PUT', `/api/admin/users/${user.id}`, {
      token: admin,
      json: { name: 'X', username: other.username, email: other.email },
    })
    expectFailure(clash, 422, 'Validation Errors', {
      Username: 'Username already exists',
      Email: 'Email already exists',
    })
    const short = await api('PUT', `/api/admin/users/${user.id}`, {
      token: admin,
      json: { name: 'X', username: user.username, email: user.email, password: 'short' },
    })
    expect(Object.keys(short.body.errors)).toEqual(['Password'])
    const bad = await api('PUT', `/api/admin/users/${user.id}`, {
      token: admin,
      json: { name: 'X', username: user.username, email: 'nope@' },
    })
    expectFailure(bad, 422, 'Validation Errors', { Email: 'Email is not a valid email address' })
  })

  it('answers 404 for an unknown user', async () => {
    const result = await api('PUT', `/api/admin/users/${MISSING}`, { token: admin, json: newUser() })
    expectFailure(result, 404, 'User not found', null)
  })

  it('takes a role change into effect on the next request with the same token', async () => {
    const { token, userId, username } = await userWithPermissions(['dashboard-index', 'users-update'])
    expect((await api('GET', '/api/admin/dashboard', { token })).status).toBe(200)
    const update = await api('PUT', `/api/admin/users/${userId}`, {
      token: admin,
      json: { name: 'Test User', username, email: `${username}@example.com`, role_ids: [] },
    })
    expect(update.status).toBe(200)
    expectFailure(await api('GET', '/api/admin/dashboard', { token }), 403, 'Forbidden', null)
    await api('PUT', `/api/admin/users/${userId}`, {
      token: admin,
      json: { name: 'Test User', username, email: `${username}@example.com`, role_ids: [userRoleId] },
    })
    expect((await api('GET', '/api/admin/dashboard', { token })).status).toBe(200)
  })
})

describe('DELETE /api/admin/users/{id}', () => {
  it('deletes a user: data null, then 404, and its tokens stop working', async () => {
    const { user, input } = await createUser({ role_ids: [userRoleId] })
    const token = await login(input.username, input.password)
    const result = await api('DELETE', `/api/admin/users/${user.id}`, { token: admin })
    expectSuccess(result, 200, 'User deleted successfully')
    expect(result.body.data).toBeNull()
    expectFailure(await api('GET', `/api/admin/users/${user.id}`, { token: admin }), 404, 'User not found')
    expectFailure(await api('DELETE', `/api/admin/users/${user.id}`, { token: admin }), 404, 'User not found')
    expectFailure(await api('GET', '/api/admin/dashboard', { token }), 401, 'Unauthenticated', null)
  })

  it('refuses to let a user delete themself (409)', async () => {
    const { token, userId } = await userWithPermissions(['users-delete'])
    const result = await api('DELETE', `/api/admin/users/${userId}`, { token })
    expectFailure(result, 409, undefined, null)
    expect(result.body.message.length).toBeGreaterThan(10)
    expect((await api('GET', `/api/admin/users/${userId}`, { token: admin })).status).toBe(200)
  })
})

describe('the last admin (on a server of its own, where the seeded admin is the only one)', () => {
  let server: TestServer
  let token: string
  let adminId: number
  let adminRole: number
  let manager: { token: string; id: number }

  beforeAll(async () => {
    server = await startServer()
    token = await login('admin', 'password', server.url)
    const me = await api('GET', '/api/admin/users?search=admin@example.com', { token, base: server.url })
    adminId = me.body.data.data[0].id
    const roles = await api('GET', '/api/admin/roles/all', { token, base: server.url })
    adminRole = roles.body.data.find((role: { name: string }) => role.name === 'admin').id
    const permissions = await api('GET', '/api/admin/permissions/all', { token, base: server.url })
    const ids = permissions.body.data
      .filter((p: { name: string }) => p.name.startsWith('users-'))
      .map((p: { id: number }) => p.id)
    const role = await api('POST', '/api/admin/roles', {
      token,
      base: server.url,
      json: { name: 'user-manager', permission_ids: ids },
    })
    const created = await api('POST', '/api/admin/users', {
      token,
      base: server.url,
      json: {
        name: 'Manager',
        username: 'manager',
        email: 'manager@example.com',
        password: 'manager-pass',
        role_ids: [role.body.data.id],
      },
    })
    expect(created.status, created.text).toBe(201)
    manager = { token: await login('manager', 'manager-pass', server.url), id: created.body.data.id }
  })

  afterAll(async () => {
    await server?.stop()
  })

  const adminBody = (role_ids: number[]) => ({
    name: 'Administrator',
    username: 'admin',
    email: 'admin@example.com',
    role_ids,
  })

  it('cannot delete themself', async () => {
    expectFailure(await api('DELETE', `/api/admin/users/${adminId}`, { token, base: server.url }), 409, undefined, null)
  })

  it('cannot be deleted by someone else', async () => {
    expectFailure(
      await api('DELETE', `/api/admin/users/${adminId}`, { token: manager.token, base: server.url }),
      409,
      undefined,
      null,
    )
  })

  it('cannot lose the admin role, whoever asks', async () => {
    for (const who of [token, manager.token]) {
      const result = await api('PUT', `/api/admin/users/${adminId}`, {
        token: who,
        base: server.url,
        json: adminBody([]),
      })
      expectFailure(result, 409, undefined, null)
    }
    const still = await api('GET', `/api/admin/users/${adminId}`, { token, base: server.url })
    expect(still.body.data.roles).toEqual([{ id: adminRole, name: 'admin' }])
  })

  it('can be removed once a second admin exists, and then the second is the last', async () => {
    expect(
      (
        await api('PUT', `/api/admin/users/${manager.id}`, {
          token,
          base: server.url,
          json: { name: 'Manager', username: 'manager', email: 'manager@example.com', role_ids: [adminRole] },
        })
      ).status,
    ).toBe(200)
    const demoted = await api('PUT', `/api/admin/users/${adminId}`, {
      token: manager.token,
      base: server.url,
      json: adminBody([]),
    })
    expect(demoted.status, demoted.text).toBe(200)
    expect(demoted.body.data.roles).toEqual([])
    // the seeded admin lost every permission on its very next request
    expectFailure(await api('GET', '/api/admin/dashboard', { token, base: server.url }), 403, 'Forbidden', null)
    // the manager is now the last admin
    const self = await api('PUT', `/api/admin/users/${manager.id}`, {
      token: manager.token,
      base: server.url,
      json: { name: 'Manager', username: 'manager', email: 'manager@example.com', role_ids: [] },
    })
    expectFailure(self, 409, undefined, null)
    expect(
      (
        await api('PUT', `/api/admin/users/${adminId}`, {
          token: manager.token,
          base: server.url,
          json: adminBody([adminRole]),
        })
      ).status,
    ).toBe(200)
    expectSuccess(
      await api('DELETE', `/api/admin/users/${manager.id}`, { token, base: server.url }),
      200,
      'User deleted successfully',
    )
  })
})
