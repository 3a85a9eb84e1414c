import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  adminToken,
  api,
  expectFailure,
  expectSuccess,
  ISO_UTC,
  login,
  unique,
  userWithPermissions,
} from '../support/api'
import { startServer, type TestServer } from '../support/server'

// bcrypt and private servers are slow on a busy machine shared with the other test files
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

const MISSING = 999_999_999
const CATEGORY_KEYS = ['created_at', 'id', 'name', 'slug', 'updated_at']

let admin: string

beforeAll(async () => {
  admin = await adminToken()
})

async function createCategory(name = unique('Kategori ')) {
  const result = await api('POST', '/api/admin/categories', { token: admin, json: { name } })
  expect(result.status, result.text).toBe(201)
  return result.body.data as { id: number; name: string; slug: string; created_at: string; updated_at: string }
}

describe('categories', () => {
  it('creates a category with a slug, shows, updates and deletes it', async () => {
    const tag = unique('Air Bersih ')
    const created = await api('POST', '/api/admin/categories', { token: admin, json: { name: `  ${tag}  ` } })
    const category = expectSuccess(created, 201, 'Category created successfully')
    expect(Object.keys(category).sort()).toEqual(CATEGORY_KEYS)
    expect(category.name).toBe(tag)
    expect(category.slug).toBe(tag.toLowerCase().replace(/ /g, '-'))
    expect(category.created_at).toMatch(ISO_UTC)

    expect(expectSuccess(await api('GET', `/api/admin/categories/${category.id}`, { token: admin }), 200)).toEqual(
      category,
    )

    const renamed = unique('Jalan Desa ')
    const updated = await api('PUT', `/api/admin/categories/${category.id}`, {
      token: admin,
      json: { id: MISSING, name: renamed },
    })
    const after = expectSuccess(updated, 200, 'Category updated successfully')
    expect(after).toMatchObject({ id: category.id, name: renamed, slug: renamed.toLowerCase().replace(/ /g, '-') })

    const deleted = await api('DELETE', `/api/admin/categories/${category.id}`, { token: admin })
    expect(expectSuccess(deleted, 200, 'Category deleted successfully')).toBeNull()
    expectFailure(
      await api('GET', `/api/admin/categories/${category.id}`, { token: admin }),
      404,
      'Category not found',
      null,
    )
  })

  it('makes slugs per the contract: lower case, punctuation dropped, dashes collapsed, clashes numbered', async () => {
    const tag = unique('x').toLowerCase()
    const first = await createCategory(`  Berita   ${tag} -- Terkini! `)
    expect(first.slug).toBe(`berita-${tag}-terkini`)
    const second = await createCategory(`Berita ${tag} Terkini?`)
    expect(second.slug).toBe(`berita-${tag}-terkini-2`)
    const third = await createCategory(`BERITA (${tag}) terkini`)
    expect(third.slug).toBe(`berita-${tag}-terkini-3`)
    // keeping the name keeps the slug; a new name renames it
    const same = await api('PUT', `/api/admin/categories/${second.id}`, { token: admin, json: { name: second.name } })
    expect(same.body.data.slug).toBe(second.slug)
    const moved = await api('PUT', `/api/admin/categories/${second.id}`, {
      token: admin,
      json: { name: `Kabar ${tag}` },
    })
    expect(moved.body.data.slug).toBe(`kabar-${tag}`)
  })

  it('validates the name: required, unique, at most 100 characters (422 Name)', async () => {
    expectFailure(await api('POST', '/api/admin/categories', { token: admin, json: {} }), 422, 'Validation Errors', {
      Name: 'Name is required',
    })
    expectFailure(
      await api('POST', '/api/admin/categories', { token: admin, json: { name: ' \t ' } }),
      422,
      'Validation Errors',
      { Name: 'Name is required' },
    )
    const taken = await createCategory()
    expectFailure(
      await api('POST', '/api/admin/categories', { token: admin, json: { name: taken.name } }),
      422,
      'Validation Errors',
      {
        Name: 'Name already exists',
      },
    )
    const other = await createCategory()
    expectFailure(
      await api('PUT', `/api/admin/categories/${other.id}`, { token: admin, json: { name: taken.name } }),
      422,
      'Validation Errors',
      {
        Name: 'Name already exists',
      },
    )
    const long = await api('POST', '/api/admin/categories', { token: admin, json: { name: 'k'.repeat(101) } })
    expectFailure(long, 422, 'Validation Errors')
    expect(Object.keys(long.body.errors)).toEqual(['Name'])
    const wrongType = await api('POST', '/api/admin/categories', { token: admin, json: { name: { nested: true } } })
    expectFailure(wrongType, 422, 'Validation Errors')
    expect(Object.keys(wrongType.body.errors)).toEqual(['Name'])
  })

  it(
    'lets one of two simultaneous creates with the same name win; ' +
      'the other is a 422 Name, and clashing slugs stay unique',
    async () => {
      const name = unique('Serentak ')
      const same = await Promise.all(
        [1, 2].map(() => api('POST', '/api/admin/categories', { token: admin, json: { name } })),
      )
      expect(same.map((r) => r.status).sort()).toEqual([201, 422])
      expect(same.find((r) => r.status === 422)!.body.errors).toEqual({ Name: 'Name already exists' })
      const base = unique('serentak')
      const similar = await Promise.all(
        ['!', '?', '.'].map((mark) =>
          api('POST', '/api/admin/categories', { token: admin, json: { name: `${base}${mark}` } }),
        ),
      )
      expect(similar.map((r) => r.status)).toEqual([201, 201, 201])
      expect(similar.map((r) => r.body.data.slug).sort()).toEqual([base, `${base}-2`, `${base}-3`])
    },
  )

  it('answers malformed JSON with 400 and unknown ids with 404 Category not found', async () => {
    const malformed = await api('PUT', `/api/admin/categories/${MISSING}`, {
      token: admin,
      body: 'name=x',
      headers: { 'Content-Type': 'application/json' },
    })
    expectFailure(malformed, 400)
    expectFailure(
      await api('GET', `/api/admin/categories/${MISSING}`, { token: admin }),
      404,
      'Category not found',
      null,
    )
    expectFailure(
      await api('PUT', `/api/admin/categories/${MISSING}`, { token: admin, json: { name: unique('K ') } }),
      404,
      'Category not found',
      null,
    )
    expectFailure(
      await api('DELETE', `/api/admin/categories/${MISSING}`, { token: admin }),
      404,
      'Category not found',
      null,
    )
    expectFailure(await api('DELETE', '/api/admin/categories/nope', { token: admin }), 404, 'Category not found', null)
  })

  it('refuses to delete a category that still has posts (409), and deletes it once it has none', async () => {
    const category = await createCategory()
    const post = await api('POST', '/api/admin/posts', {
      token: admin,
      json: { title: unique('Kabar '), content: '<p>Isi berita</p>', category_id: category.id },
    })
    expect(post.status, post.text).toBe(201)
    const refused = await api('DELETE', `/api/admin/categories/${category.id}`, { token: admin })
    expectFailure(refused, 409, undefined, null)
    expect(refused.body.message.length).toBeGreaterThan(10)
    expect((await api('GET', `/api/admin/categories/${category.id}`, { token: admin })).status).toBe(200)
    expect((await api('DELETE', `/api/admin/posts/${post.body.data.id}`, { token: admin })).status).toBe(200)
    expectSuccess(
      await api('DELETE', `/api/admin/categories/${category.id}`, { token: admin }),
      200,
      'Category deleted successfully',
    )
  })

  it('answers a post whose category_id is no category, however large or odd, with 422 CategoryID', async () => {
    for (const category_id of [MISSING, 1e20, '99999999999999999999', -3, 'abc']) {
      const result = await api('POST', '/api/admin/posts', {
        token: admin,
        json: { title: unique('Kabar '), content: '<p>Isi</p>', category_id },
      })
      expectFailure(result, 422, 'Validation Errors')
      expect(Object.keys(result.body.errors), String(category_id)).toEqual(['CategoryID'])
    }
  })

  it('/all answers every category as a plain array ordered by name, also to post editors', async () => {
    const mine = await createCategory()
    const all = expectSuccess(await api('GET', '/api/admin/categories/all', { token: admin }), 200)
    expect(Array.isArray(all)).toBe(true)
    const names = all.map((category: { name: string }) => category.name)
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)))
    expect(all).toContainEqual(mine)
    for (const category of all) expect(Object.keys(category).sort()).toEqual(CATEGORY_KEYS)
    const { token } = await userWithPermissions(['posts-create'])
    expect(expectSuccess(await api('GET', '/api/admin/categories/all', { token }), 200)).toContainEqual(mine)
    expectFailure(await api('GET', '/api/admin/categories', { token }), 403, 'Forbidden', null)
  })
})

describe('GET /api/admin/dashboard (on a server of its own, so that the counts are exact)', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startServer()
  })

  afterAll(async () => {
    await server?.stop()
  })

  it('answers the four counts, and they follow the content', async () => {
    const token = await login('admin', 'password', server.url)
    const counts = async () => expectSuccess(await api('GET', '/api/admin/dashboard', { token, base: server.url }), 200)
    const before = await counts()
    // The original client's four counts; later issues add their own beside them (docs/api.md).
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['aparaturs_count', 'categories_count', 'posts_count', 'products_count']),
    )
    for (const value of Object.values(before)) expect(Number.isInteger(value)).toBe(true)
    const category = await api('POST', '/api/admin/categories', { token, base: server.url, json: { name: 'Hitung' } })
    const post = await api('POST', '/api/admin/posts', {
      token,
      base: server.url,
      json: { title: 'Hitung', content: '<p>Isi</p>', category_id: category.body.data.id },
    })
    expect(post.status, post.text).toBe(201)
    expect(await counts()).toEqual({
      ...before,
      categories_count: before.categories_count + 1,
      posts_count: before.posts_count + 1,
    })
    const user = await login('user', 'password', server.url)
    expect(expectSuccess(await api('GET', '/api/admin/dashboard', { token: user, base: server.url }), 200)).toEqual(
      await counts(),
    )
  })
})
