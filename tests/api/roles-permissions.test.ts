import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  adminToken,
  api,
  clientAddress,
  expectFailure,
  expectSuccess,
  ISO_UTC,
  login,
  permissionIds,
  unique,
  userWithPermissions,
} from '../support/api'
import { startServer, type TestServer } from '../support/server'

// bcrypt and private servers are slow on a busy machine shared with the other test files
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

const MISSING = 999_999_999
const PERMISSION_KEYS = ['created_at', 'id', 'name', 'updated_at']
const ROLE_KEYS = ['created_at', 'id', 'name', 'permissions', 'updated_at']

/** A permission name the contract's `{resource}-{action}` shape accepts, unique to this run. */
const permissionName = () => `${unique('uji').toLowerCase()}-baca`

let admin: string
let ids: Map<string, number>

beforeAll(async () => {
  admin = await adminToken()
  ids = await permissionIds(admin)
})

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

describe('permissions', () => {
  it('creates, shows, updates and deletes a permission', async () => {
    const name = permissionName()
    const created = await api('POST', '/api/admin/permissions', { token: admin, json: { name: `  ${name} ` } })
    const permission = expectSuccess(created, 201, 'Permission created successfully')
    expect(Object.keys(permission).sort()).toEqual(PERMISSION_KEYS)
    expect(permission.name).toBe(name)
    expect(permission.created_at).toMatch(ISO_UTC)

    const shown = expectSuccess(await api('GET', `/api/admin/permissions/${permission.id}`, { token: admin }))
    expect(shown).toEqual(permission)

    const renamed = permissionName()
    const updated = await api('PUT', `/api/admin/permissions/${permission.id}`, {
      token: admin,
      json: { id: MISSING, name: renamed },
    })
    expect(expectSuccess(updated, 200, 'Permission updated successfully')).toMatchObject({
      id: permission.id,
      name: renamed,
    })

    const deleted = await api('DELETE', `/api/admin/permissions/${permission.id}`, { token: admin })
    expect(expectSuccess(deleted, 200, 'Permission deleted successfully')).toBeNull()
    expectFailure(
      await api('GET', `/api/admin/permissions/${permission.id}`, { token: admin }),
      404,
      'Permission not found',
      null,
    )
  })

  it('validates the name: required, unique (422 Name)', async () => {
    expectFailure(await api('POST', '/api/admin/permissions', { token: admin, json: {} }), 422, 'Validation Errors', {
      Name: 'Name is required',
    })
    expectFailure(
      await api('POST', '/api/admin/permissions', { token: admin, json: { name: '   ' } }),
      422,
      'Validation Errors',
      { Name: 'Name is required' },
    )
    expectFailure(
      await api('POST', '/api/admin/permissions', { token: admin, json: { name: 'posts-create' } }),
      422,
      'Validation Errors',
      {
        Name: 'Name already exists',
      },
    )
    const mine = expectSuccess(
      await api('POST', '/api/admin/permissions', { token: admin, json: { name: permissionName() } }),
      201,
    )
    expectFailure(
      await api('PUT', `/api/admin/permissions/${mine.id}`, { token: admin, json: { name: 'posts-create' } }),
      422,
      'Validation Errors',
      {
        Name: 'Name already exists',
      },
    )
    // keeping its own name is no clash
    expect(
      (await api('PUT', `/api/admin/permissions/${mine.id}`, { token: admin, json: { name: mine.name } })).status,
    ).toBe(200)
    const long = await api('POST', '/api/admin/permissions', { token: admin, json: { name: `a-${'b'.repeat(300)}` } })
    expectFailure(long, 422, 'Validation Errors')
    expect(Object.keys(long.body.errors)).toEqual(['Name'])
  })

  it('answers 404 for unknown ids on show, update and delete', async () => {
    expectFailure(
      await api('GET', `/api/admin/permissions/${MISSING}`, { token: admin }),
      404,
      'Permission not found',
      null,
    )
    expectFailure(
      await api('PUT', `/api/admin/permissions/${MISSING}`, { token: admin, json: { name: permissionName() } }),
      404,
      'Permission not found',
      null,
    )
    expectFailure(
      await api('DELETE', `/api/admin/permissions/${MISSING}`, { token: admin }),
      404,
      'Permission not found',
      null,
    )
  })

  it('adds a new permission to the admin role at once', async () => {
    const permission = expectSuccess(
      await api('POST', '/api/admin/permissions', { token: admin, json: { name: permissionName() } }),
      201,
    )
    const roles = await api('GET', '/api/admin/roles?search=admin&limit=100', { token: admin })
    const adminRole = roles.body.data.data.find((role: { name: string }) => role.name === 'admin')
    expect(adminRole.permissions.map((p: { id: number }) => p.id)).toContain(permission.id)
    const relogin = await api('POST', '/api/login', {
      json: { username: 'admin', password: 'password' },
      headers: { 'X-Forwarded-For': clientAddress() },
    })
    expect(relogin.body.data.permissions[permission.name]).toBe(true)
  })

  it('/all answers every permission as a plain array ordered by name', async () => {
    const mine = expectSuccess(
      await api('POST', '/api/admin/permissions', { token: admin, json: { name: permissionName() } }),
      201,
    )
    const all = expectSuccess(await api('GET', '/api/admin/permissions/all', { token: admin }), 200)
    expect(Array.isArray(all)).toBe(true)
    expect(all).toEqual([...all].sort(byName))
    expect(all).toContainEqual(mine)
    expect(all.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['dashboard-index', 'users-index', 'sliders-delete']),
    )
    for (const permission of all) expect(Object.keys(permission).sort()).toEqual(PERMISSION_KEYS)
  })
})

async function createRole(permissions: string[] = [], name = unique('peran-')) {
  const result = await api('POST', '/api/admin/roles', {
    token: admin,
    json: { name, permission_ids: permissions.map((p) => ids.get(p)) },
  })
  expect(result.status, result.text).toBe(201)
  return result.body.data as { id: number; name: string; permissions: { id: number; name: string }[] }
}

describe('roles', () => {
  it('creates a role with its permissions, shows, updates and deletes it', async () => {
    const name = unique('peran-')
    const created = await api('POST', '/api/admin/roles', {
      token: admin,
      json: {
        name: ` ${name} `,
        permission_ids: [ids.get('posts-index'), ids.get('posts-create'), ids.get('posts-index')],
      },
    })
    const role = expectSuccess(created, 201, 'Role created successfully')
    expect(Object.keys(role).sort()).toEqual(ROLE_KEYS)
    expect(role.name).toBe(name)
    expect(role.permissions.map((p: { name: string }) => p.name).sort()).toEqual(['posts-create', 'posts-index'])
    for (const permission of role.permissions) expect(Object.keys(permission).sort()).toEqual(PERMISSION_KEYS)

    expect(expectSuccess(await api('GET', `/api/admin/roles/${role.id}`, { token: admin }))).toEqual(role)

    const renamed = unique('peran-')
    const updated = await api('PUT', `/api/admin/roles/${role.id}`, {
      token: admin,
      json: { id: MISSING, name: renamed, permission_ids: [ids.get('pages-index')] },
    })
    const after = expectSuccess(updated, 200, 'Role updated successfully')
    expect(after).toMatchObject({ id: role.id, name: renamed })
    expect(after.permissions.map((p: { name: string }) => p.name)).toEqual(['pages-index'])

    expect(
      expectSuccess(
        await api('DELETE', `/api/admin/roles/${role.id}`, { token: admin }),
        200,
        'Role deleted successfully',
      ),
    ).toBeNull()
    expectFailure(await api('GET', `/api/admin/roles/${role.id}`, { token: admin }), 404, 'Role not found', null)
  })

  it('lists roles with their permissions (the UI counts them)', async () => {
    const role = await createRole(['dashboard-index', 'users-index', 'users-show'])
    const list = expectSuccess(
      await api('GET', `/api/admin/roles?search=${role.name}`, { token: admin }),
      200,
      'List Data Roles',
    )
    expect(list.total).toBe(1)
    expect(Object.keys(list.data[0]).sort()).toEqual(ROLE_KEYS)
    expect(list.data[0].permissions).toHaveLength(3)
  })

  it('validates: Name required and unique, Permission_ids known', async () => {
    expectFailure(await api('POST', '/api/admin/roles', { token: admin, json: {} }), 422, 'Validation Errors', {
      Name: 'Name is required',
    })
    expectFailure(
      await api('POST', '/api/admin/roles', { token: admin, json: { name: 'user', permission_ids: [] } }),
      422,
      'Validation Errors',
      {
        Name: 'Name already exists',
      },
    )
    const unknown = await api('POST', '/api/admin/roles', {
      token: admin,
      json: { name: unique('peran-'), permission_ids: [ids.get('posts-index'), MISSING] },
    })
    expectFailure(unknown, 422, 'Validation Errors')
    expect(Object.keys(unknown.body.errors)).toEqual(['Permission_ids'])
    for (const permission_ids of [['abc'], [1e20], [-1], [1.5], 'x', { id: 1 }, [null]]) {
      const garbage = await api('POST', '/api/admin/roles', {
        token: admin,
        json: { name: unique('peran-'), permission_ids },
      })
      expect(garbage.status, JSON.stringify(permission_ids)).toBe(422)
      expect(Object.keys(garbage.body.errors)).toEqual(['Permission_ids'])
    }
    const role = await createRole()
    const clash = await api('PUT', `/api/admin/roles/${role.id}`, {
      token: admin,
      json: { name: 'user', permission_ids: [] },
    })
    expectFailure(clash, 422, 'Validation Errors', { Name: 'Name already exists' })
    expectFailure(
      await api('PUT', `/api/admin/roles/${MISSING}`, { token: admin, json: { name: unique('peran-') } }),
      404,
      'Role not found',
      null,
    )
    expectFailure(await api('DELETE', `/api/admin/roles/${MISSING}`, { token: admin }), 404, 'Role not found', null)
  })

  it('/all answers every role as a plain array ordered by name', async () => {
    const mine = await createRole(['dashboard-index'])
    const all = expectSuccess(await api('GET', '/api/admin/roles/all', { token: admin }), 200)
    expect(Array.isArray(all)).toBe(true)
    expect(all).toEqual([...all].sort(byName))
    const found = all.find((role: { id: number }) => role.id === mine.id)
    expect(found).toEqual(mine)
    for (const role of all) expect(Object.keys(role).sort()).toEqual(ROLE_KEYS)
    expect(all.map((role: { name: string }) => role.name)).toEqual(expect.arrayContaining(['admin', 'user']))
  })

  it('refuses to delete or rename the admin role (409), and it keeps every permission', async () => {
    const roles = await api('GET', '/api/admin/roles/all', { token: admin })
    const adminRole = roles.body.data.find((role: { name: string }) => role.name === 'admin')
    const deleted = await api('DELETE', `/api/admin/roles/${adminRole.id}`, { token: admin })
    expectFailure(deleted, 409, undefined, null)
    const renamed = await api('PUT', `/api/admin/roles/${adminRole.id}`, {
      token: admin,
      json: { name: 'superadmin', permission_ids: [] },
    })
    expectFailure(renamed, 409, undefined, null)
    const full = await api('GET', `/api/admin/roles/${adminRole.id}`, { token: admin })
    expect(full.body.data.name).toBe('admin')
    const seeded = [
      'dashboard-index',
      'users-delete',
      'roles-edit',
      'permissions-create',
      'categories-update',
      'posts-show',
      'sliders-delete',
      'photos-create',
    ]
    expect(full.body.data.permissions.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(seeded))
  })

  it('grants the union of the permissions of all of a user’s roles', async () => {
    const { token, userId, username } = await userWithPermissions(['categories-index'])
    const second = await createRole(['roles-index'])
    const first = (await api('GET', `/api/admin/users/${userId}`, { token: admin })).body.data.roles[0].id
    const update = await api('PUT', `/api/admin/users/${userId}`, {
      token: admin,
      json: { name: 'Test User', username, email: `${username}@example.com`, role_ids: [first, second.id] },
    })
    expect(update.status).toBe(200)
    expect((await api('GET', '/api/admin/categories', { token })).status).toBe(200)
    expect((await api('GET', '/api/admin/roles', { token })).status).toBe(200)
    expectFailure(await api('GET', '/api/admin/users', { token }), 403, 'Forbidden', null)
  })

  it(
    'takes a change of the role’s permissions, or its deletion, ' +
      'into effect on the next request with the same token',
    async () => {
      const { token, roleId } = await userWithPermissions(['roles-index'])
      const role = (await api('GET', `/api/admin/roles/${roleId}`, { token: admin })).body.data
      expect((await api('GET', '/api/admin/roles', { token })).status).toBe(200)
      expectFailure(await api('GET', '/api/admin/permissions', { token }), 403, 'Forbidden', null)
      await api('PUT', `/api/admin/roles/${roleId}`, {
        token: admin,
        json: { name: role.name, permission_ids: [ids.get('permissions-index')] },
      })
      expect((await api('GET', '/api/admin/permissions', { token })).status).toBe(200)
      expectFailure(await api('GET', '/api/admin/roles', { token }), 403, 'Forbidden', null)
      expect((await api('DELETE', `/api/admin/roles/${roleId}`, { token: admin })).status).toBe(200)
      expectFailure(await api('GET', '/api/admin/permissions', { token }), 403, 'Forbidden', null)
    },
  )

  it('takes a deleted permission away from the roles holding it on the next request', async () => {
    const permission = expectSuccess(
      await api('POST', '/api/admin/permissions', { token: admin, json: { name: permissionName() } }),
      201,
    )
    ids.set(permission.name, permission.id)
    const role = await createRole(['dashboard-index', permission.name])
    expect(role.permissions).toHaveLength(2)
    expect((await api('DELETE', `/api/admin/permissions/${permission.id}`, { token: admin })).status).toBe(200)
    ids.delete(permission.name)
    const after = (await api('GET', `/api/admin/roles/${role.id}`, { token: admin })).body.data
    expect(after.permissions.map((p: { name: string }) => p.name)).toEqual(['dashboard-index'])
  })
})

describe('the admin role on a server of its own', () => {
  let server: TestServer
  let token: string
  let adminRole: { id: number; name: string; permissions: { id: number }[] }

  beforeAll(async () => {
    server = await startServer()
    token = await login('admin', 'password', server.url)
    const all = await api('GET', '/api/admin/roles/all', { token, base: server.url })
    const id = all.body.data.find((role: { name: string }) => role.name === 'admin').id
    adminRole = (await api('GET', `/api/admin/roles/${id}`, { token, base: server.url })).body.data
  })

  afterAll(async () => {
    await server?.stop()
  })

  it('holds every seeded permission', async () => {
    const all = await api('GET', '/api/admin/permissions/all', { token, base: server.url })
    // The original seed (dashboard, 8 resources x 6 actions, 2 upload-only x 3) and settings-edit, activities-index;
    // the village information's documents, events, announcements and statistics (6 actions each) and reports (4);
    // the budgets and development projects (6 each); the village map's four maps-* names and the letters' five
    // letters-* names.
    expect(all.body.data).toHaveLength(1 + 8 * 6 + 2 * 3 + 2 + 4 * 6 + 4 + 2 * 6 + 4 + 5)
    expect(adminRole.permissions.map((p) => p.id).sort((a, b) => a - b)).toEqual(
      all.body.data.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b),
    )
  })

  it('cannot be stripped of permissions (409), and saving it unchanged keeps all of them', async () => {
    const stripped = await api('PUT', `/api/admin/roles/${adminRole.id}`, {
      token,
      base: server.url,
      json: { name: 'admin', permission_ids: [adminRole.permissions[0].id] },
    })
    expectFailure(stripped, 409, undefined, null)
    const same = await api('PUT', `/api/admin/roles/${adminRole.id}`, {
      token,
      base: server.url,
      json: { name: 'admin', permission_ids: adminRole.permissions.map((p) => p.id) },
    })
    expect(same.status, same.text).toBe(200)
    expect(same.body.data.permissions).toHaveLength(adminRole.permissions.length)
    expect((await api('GET', '/api/admin/dashboard', { token, base: server.url })).status).toBe(200)
  })

  it('cannot be deleted or renamed', async () => {
    expectFailure(
      await api('DELETE', `/api/admin/roles/${adminRole.id}`, { token, base: server.url }),
      409,
      undefined,
      null,
    )
    const renamed = await api('PUT', `/api/admin/roles/${adminRole.id}`, {
      token,
      base: server.url,
      json: { name: 'administrators', permission_ids: adminRole.permissions.map((p) => p.id) },
    })
    expectFailure(renamed, 409, undefined, null)
  })
})
