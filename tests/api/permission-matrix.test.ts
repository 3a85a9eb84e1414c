import { beforeAll, describe, expect, it, vi } from 'vitest'
import { adminToken, api, expectFailure, login, permissionIds, unique, type ApiResult } from '../support/api'

// bcrypt and private servers are slow on a busy machine shared with the other test files
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

/**
 * docs/api.md "Permissions per call", route by route: anonymous -> 401, the seeded `user` -> per its role,
 * admin -> allowed, a custom role holding exactly one of the needed permissions -> allowed, a custom
 * role holding every other permission -> 403. The custom role is rewritten between requests while its
 * user keeps one token, which also proves that permissions are read from the database on every request.
 *
 * Writes send an empty body and ids that do not exist, so "allowed" shows as 404 or 422, never as a change.
 */

const MISSING_ID = 999_999_999

type Case = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  anyOf: string[]
  allowed: number[]
  /** The allowed answer's type when it is not JSON (a CSV). */
  type?: string
}

const RESOURCES = [
  'users',
  'permissions',
  'roles',
  'categories',
  'posts',
  'pages',
  'products',
  'photos',
  'sliders',
  'aparaturs',
  'budgets',
  'developments',
]
/** Resources with a detail and an update call (photos and sliders are only listed, uploaded and deleted). */
const EDITABLE = new Set([
  'users',
  'permissions',
  'roles',
  'categories',
  'posts',
  'pages',
  'products',
  'aparaturs',
  'budgets',
  'developments',
])
/** `/all` lists and the form permissions that also open them. */
const ALL_ALSO_FOR: Record<string, string[]> = {
  permissions: ['roles-create', 'roles-edit'],
  roles: ['users-create', 'users-edit'],
  categories: ['posts-create', 'posts-edit'],
}

const SEEDED_USER_PERMISSIONS = new Set([
  'dashboard-index',
  'posts-index',
  'pages-index',
  'photos-index',
  'sliders-index',
])

const cases: Case[] = [{ method: 'GET', path: '/api/admin/dashboard', anyOf: ['dashboard-index'], allowed: [200] }]
for (const r of RESOURCES) {
  cases.push({ method: 'GET', path: `/api/admin/${r}`, anyOf: [`${r}-index`], allowed: [200] })
  if (ALL_ALSO_FOR[r])
    cases.push({
      method: 'GET',
      path: `/api/admin/${r}/all`,
      anyOf: [`${r}-index`, ...ALL_ALSO_FOR[r]],
      allowed: [200],
    })
  if (EDITABLE.has(r))
    cases.push({
      method: 'GET',
      path: `/api/admin/${r}/${MISSING_ID}`,
      anyOf: [`${r}-show`, `${r}-edit`],
      allowed: [404],
    })
  cases.push({ method: 'POST', path: `/api/admin/${r}`, anyOf: [`${r}-create`], allowed: [422] })
  if (EDITABLE.has(r))
    cases.push({
      method: 'PUT',
      path: `/api/admin/${r}/${MISSING_ID}`,
      anyOf: [`${r}-update`, `${r}-edit`],
      allowed: [404, 422],
    })
  cases.push({ method: 'DELETE', path: `/api/admin/${r}/${MISSING_ID}`, anyOf: [`${r}-delete`], allowed: [404] })
}
// docs/api.md "Beyond the original client": site settings, activity log, reset links (an empty body changes nothing).
cases.push(
  { method: 'GET', path: '/api/admin/settings', anyOf: ['settings-edit'], allowed: [200] },
  { method: 'PUT', path: '/api/admin/settings', anyOf: ['settings-edit'], allowed: [422] },
  { method: 'GET', path: '/api/admin/activities', anyOf: ['activities-index'], allowed: [200] },
  { method: 'POST', path: `/api/admin/users/${MISSING_ID}/reset-link`, anyOf: ['users-edit'], allowed: [404] },
  // A development project's progress photos: as an update of the project.
  {
    method: 'POST',
    path: `/api/admin/developments/${MISSING_ID}/photos`,
    anyOf: ['developments-update', 'developments-edit'],
    allowed: [404],
  },
  {
    method: 'DELETE',
    path: `/api/admin/developments/${MISSING_ID}/photos/${MISSING_ID}`,
    anyOf: ['developments-update', 'developments-edit'],
    allowed: [404],
  },
)

// docs/api.md "Letters (layanan surat)": the five `letters-*` names over types, requests and the register.
const LETTER_TYPE = `/api/admin/letter-types/${MISSING_ID}`
const LETTER_REQUEST = `/api/admin/letter-requests/${MISSING_ID}`
const LETTER = `/api/admin/letters/${MISSING_ID}`
cases.push(
  { method: 'GET', path: '/api/admin/letter-types', anyOf: ['letters-index'], allowed: [200] },
  { method: 'POST', path: '/api/admin/letter-types', anyOf: ['letters-create'], allowed: [422] },
  { method: 'GET', path: LETTER_TYPE, anyOf: ['letters-show'], allowed: [404] },
  { method: 'PUT', path: LETTER_TYPE, anyOf: ['letters-update'], allowed: [404, 422] },
  { method: 'DELETE', path: LETTER_TYPE, anyOf: ['letters-delete'], allowed: [404] },
  { method: 'GET', path: '/api/admin/letter-requests', anyOf: ['letters-index'], allowed: [200] },
  { method: 'GET', path: LETTER_REQUEST, anyOf: ['letters-show'], allowed: [404] },
  { method: 'PUT', path: LETTER_REQUEST, anyOf: ['letters-update'], allowed: [404, 422] },
  { method: 'POST', path: `${LETTER_REQUEST}/issue`, anyOf: ['letters-create'], allowed: [404] },
  { method: 'GET', path: `${LETTER_REQUEST}/attachments/${MISSING_ID}`, anyOf: ['letters-show'], allowed: [404] },
  { method: 'GET', path: '/api/admin/letters', anyOf: ['letters-index'], allowed: [200] },
  { method: 'POST', path: '/api/admin/letters', anyOf: ['letters-create'], allowed: [422] },
  { method: 'GET', path: '/api/admin/letters.csv', anyOf: ['letters-index'], allowed: [200], type: 'text/csv' },
  { method: 'GET', path: `${LETTER}/pdf`, anyOf: ['letters-show'], allowed: [404] },
  { method: 'POST', path: `${LETTER}/revoke`, anyOf: ['letters-update'], allowed: [404, 422] },
)

let ids: Map<string, number>
let admin: string
let seededUser: string
let custom: { token: string; roleId: number; roleName: string }

const call = (c: Case, token?: string) =>
  api(c.method, c.path, { token, ...(c.method === 'POST' || c.method === 'PUT' ? { json: {} } : {}) })

function expectAllowed(c: Case, result: ApiResult, who: string) {
  expect(c.allowed, `${who}: ${c.method} ${c.path} -> ${result.status} ${result.text}`).toContain(result.status)
  if (c.type && result.status === 200) {
    expect(result.headers.get('content-type')).toContain(c.type)
    return
  }
  expect(result.headers.get('content-type')).toContain('application/json')
  expect(typeof result.body.success).toBe('boolean')
}

async function grant(permissions: string[]) {
  const permission_ids = permissions.map((name) => {
    const id = ids.get(name)
    if (id === undefined) throw new Error(`no permission ${name}`)
    return id
  })
  const result = await api('PUT', `/api/admin/roles/${custom.roleId}`, {
    token: admin,
    json: { name: custom.roleName, permission_ids },
  })
  expect(result.status, result.text).toBe(200)
}

/** Every permission that exists now except `excluded` (other test files create and delete permissions meanwhile). */
async function grantAllExcept(excluded: string[]) {
  for (let attempt = 1; ; attempt++) {
    ids = await permissionIds(admin)
    const names = [...ids.keys()].filter((name) => !excluded.includes(name))
    const result = await api('PUT', `/api/admin/roles/${custom.roleId}`, {
      token: admin,
      json: { name: custom.roleName, permission_ids: names.map((name) => ids.get(name)) },
    })
    if (result.status === 200) return
    if (attempt === 3 || result.body?.errors?.Permission_ids === undefined) expect(result.status, result.text).toBe(200)
  }
}

beforeAll(async () => {
  admin = await adminToken()
  ids = await permissionIds(admin)
  seededUser = await login('user')
  const roleName = unique('matrix-')
  const role = await api('POST', '/api/admin/roles', { token: admin, json: { name: roleName, permission_ids: [] } })
  expect(role.status, role.text).toBe(201)
  const username = unique('matrix')
  const user = await api('POST', '/api/admin/users', {
    token: admin,
    json: {
      name: 'Matrix User',
      username,
      email: `${username}@example.com`,
      password: 'matrix-password',
      role_ids: [role.body.data.id],
    },
  })
  expect(user.status, user.text).toBe(201)
  custom = { token: await login(username, 'matrix-password'), roleId: role.body.data.id, roleName }
})

describe('the seeded permissions', () => {
  it('exist, and each of them opens at least one call', () => {
    const seeded = [
      'dashboard-index',
      ...['users', 'permissions', 'roles', 'categories', 'posts', 'products', 'pages', 'aparaturs'].flatMap((r) =>
        ['index', 'create', 'show', 'edit', 'update', 'delete'].map((action) => `${r}-${action}`),
      ),
      ...['photos', 'sliders'].flatMap((r) => ['index', 'create', 'delete'].map((action) => `${r}-${action}`)),
      'settings-edit',
      'activities-index',
      ...['budgets', 'developments'].flatMap((r) =>
        ['index', 'create', 'show', 'edit', 'update', 'delete'].map((action) => `${r}-${action}`),
      ),
      ...['index', 'show', 'create', 'update', 'delete'].map((action) => `letters-${action}`),
    ]
    expect(seeded.filter((name) => !ids.has(name))).toEqual([])
    const used = new Set(cases.flatMap((c) => c.anyOf))
    expect(seeded.filter((name) => !used.has(name))).toEqual([])
  })
})

describe.each(cases)('$method $path (any of $anyOf)', (c) => {
  it('answers an anonymous caller 401 Unauthenticated', async () => {
    expectFailure(await call(c), 401, 'Unauthenticated', null)
  })

  it(`answers the seeded user per its role`, async () => {
    const result = await call(c, seededUser)
    if (c.anyOf.some((name) => SEEDED_USER_PERMISSIONS.has(name))) expectAllowed(c, result, 'user')
    else expectFailure(result, 403, 'Forbidden', null)
  })

  it('lets admin through', async () => {
    expectAllowed(c, await call(c, admin), 'admin')
  })

  it(
    'lets a role holding exactly one of the permissions through, ' + 'and refuses a role holding every other one',
    async () => {
      for (const name of c.anyOf) {
        await grant([name])
        expectAllowed(c, await call(c, custom.token), `role with only ${name}`)
      }
      await grantAllExcept(c.anyOf)
      expectFailure(await call(c, custom.token), 403, 'Forbidden', null)
      await grant([])
      expectFailure(await call(c, custom.token), 403, 'Forbidden', null)
    },
  )
})
