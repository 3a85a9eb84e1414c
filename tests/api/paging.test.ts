import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { adminToken, api, expectSuccess, login, unique } from '../support/api'
import { insertRows, startServer, type TestServer } from '../support/server'

// bcrypt and private servers are slow on a busy machine shared with the other test files
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

/**
 * The list contract of docs/api.md ("Lists") on the admin lists of the foundation. Each test makes its own rows
 * under a unique search prefix and pages through them with `search` + `limit`, so other test files running
 * at the same time change nothing it counts.
 */

const PAYLOAD_KEYS = [
  'current_page',
  'data',
  'first_page_url',
  'from',
  'last_page',
  'last_page_url',
  'links',
  'next_page_url',
  'path',
  'per_page',
  'prev_page_url',
  'to',
  'total',
]

let admin: string
/** 25 categories named `${prefix} 01` ... `${prefix} 25`, ids ascending in that order. */
let prefix: string
let created: { id: number; name: string }[]

const list = (query: string, path = '/api/admin/categories') => api('GET', `${path}?${query}`, { token: admin })

beforeAll(async () => {
  admin = await adminToken()
  prefix = unique('Halaman')
  created = []
  for (let i = 1; i <= 25; i++) {
    const result = await api('POST', '/api/admin/categories', {
      token: admin,
      json: { name: `${prefix} ${String(i).padStart(2, '0')}` },
    })
    expect(result.status, result.text).toBe(201)
    created.push(result.body.data)
  }
})

const newestFirst = () => [...created].reverse()
const path = '/api/admin/categories'
const url = (page: number, extra = '') => `${path}?page=${page}&search=${prefix}${extra}`

describe('paging through 25 rows with limit=10', () => {
  it('first page', async () => {
    const data = expectSuccess(await list(`search=${prefix}&limit=10`), 200, 'List Data Categories')
    expect(Object.keys(data).sort()).toEqual(PAYLOAD_KEYS)
    expect(data).toMatchObject({
      current_page: 1,
      first_page_url: url(1, '&limit=10'),
      from: 1,
      last_page: 3,
      last_page_url: url(3, '&limit=10'),
      next_page_url: url(2, '&limit=10'),
      path,
      per_page: 10,
      prev_page_url: null,
      to: 10,
      total: 25,
    })
    expect(data.data.map((row: { id: number }) => row.id)).toEqual(
      newestFirst()
        .slice(0, 10)
        .map((row) => row.id),
    )
    expect(data.links).toEqual([
      { url: null, label: '&laquo; Previous', active: false },
      { url: url(1, '&limit=10'), label: '1', active: true },
      { url: url(2, '&limit=10'), label: '2', active: false },
      { url: url(3, '&limit=10'), label: '3', active: false },
      { url: url(2, '&limit=10'), label: 'Next &raquo;', active: false },
    ])
  })

  it('middle page', async () => {
    const data = expectSuccess(await list(`page=2&search=${prefix}&limit=10`))
    expect(data).toMatchObject({
      current_page: 2,
      from: 11,
      to: 20,
      total: 25,
      last_page: 3,
      prev_page_url: url(1, '&limit=10'),
      next_page_url: url(3, '&limit=10'),
    })
    expect(data.data.map((row: { id: number }) => row.id)).toEqual(
      newestFirst()
        .slice(10, 20)
        .map((row) => row.id),
    )
    expect(data.links[0]).toEqual({ url: url(1, '&limit=10'), label: '&laquo; Previous', active: false })
    expect(data.links.filter((link: { active: boolean }) => link.active)).toEqual([
      { url: url(2, '&limit=10'), label: '2', active: true },
    ])
  })

  it('last page', async () => {
    const data = expectSuccess(await list(`page=3&search=${prefix}&limit=10`))
    expect(data).toMatchObject({
      current_page: 3,
      from: 21,
      to: 25,
      total: 25,
      last_page: 3,
      prev_page_url: url(2, '&limit=10'),
      next_page_url: null,
    })
    expect(data.data.map((row: { name: string }) => row.name)).toEqual(
      ['05', '04', '03', '02', '01'].map((n) => `${prefix} ${n}`),
    )
    expect(data.links.at(-1)).toEqual({ url: null, label: 'Next &raquo;', active: false })
  })

  it('a page past the end is an empty page, not a 404', async () => {
    for (const page of [4, 1000, 99_999_999_999]) {
      const data = expectSuccess(await list(`page=${page}&search=${prefix}&limit=10`))
      expect(data).toMatchObject({
        current_page: page,
        data: [],
        from: null,
        to: null,
        total: 25,
        last_page: 3,
        next_page_url: null,
      })
      expect(data.prev_page_url).toBe(url(page - 1, '&limit=10'))
    }
  })
})

describe('query parameters', () => {
  it('page: missing, non-numeric or below 1 means 1', async () => {
    for (const page of ['', 'abc', '0', '-3', '1.5', '2abc']) {
      const data = expectSuccess(await list(`page=${page}&search=${prefix}`))
      expect(data.current_page, `page=${page}`).toBe(1)
      expect(data.from).toBe(1)
    }
  })

  it('limit: default 10, kept in the URLs only when given, bounded to 1..100', async () => {
    const plain = expectSuccess(await list(`search=${prefix}`))
    expect(plain).toMatchObject({
      per_page: 10,
      last_page: 3,
      next_page_url: url(2),
      first_page_url: url(1),
      last_page_url: url(3),
    })
    const one = expectSuccess(await list(`search=${prefix}&limit=1`))
    expect(one).toMatchObject({ per_page: 1, last_page: 25, to: 1 })
    expect(one.data).toHaveLength(1)
    const all = expectSuccess(await list(`search=${prefix}&limit=100`))
    expect(all).toMatchObject({ per_page: 100, last_page: 1, from: 1, to: 25, next_page_url: null })
    expect(all.data).toHaveLength(25)
    // out of the range: brought back into it, never more than 100 rows nor fewer than 1
    expect(expectSuccess(await list(`search=${prefix}&limit=101`)).per_page).toBe(100)
    expect(expectSuccess(await list(`search=${prefix}&limit=100000`)).per_page).toBe(100)
    for (const limit of ['0', '-5']) {
      const low = expectSuccess(await list(`search=${prefix}&limit=${limit}`))
      expect(low.per_page, `limit=${limit}`).toBeGreaterThanOrEqual(1)
      expect(low.per_page, `limit=${limit}`).toBeLessThanOrEqual(100)
      expect(low.data).toHaveLength(Math.min(low.per_page, 25))
      expect(low.last_page).toBe(Math.ceil(25 / low.per_page))
    }
    expect(expectSuccess(await list(`search=${prefix}&limit=abc`)).per_page).toBe(10)
    const unbounded = await list('limit=100000', '/api/admin/permissions')
    expect(unbounded.body.data.data.length).toBeLessThanOrEqual(100)
  })

  it('search: trimmed, case-insensitive, substring; empty means none', async () => {
    const padded = expectSuccess(await list(`search=${encodeURIComponent(`  ${prefix}  `)}&limit=5`))
    expect(padded.total).toBe(25)
    expect(padded.next_page_url).toBe(url(2, '&limit=5'))
    expect(expectSuccess(await list(`search=${prefix.toUpperCase()}`)).total).toBe(25)
    expect(expectSuccess(await list(`search=${prefix.toLowerCase()}`)).total).toBe(25)
    // a substring in the middle of the names
    expect(expectSuccess(await list(`search=${encodeURIComponent(`${prefix.slice(4)} 1`)}`)).total).toBe(10)
    const everything = expectSuccess(await list('search=%20%20&limit=100'))
    expect(everything.total).toBeGreaterThanOrEqual(25)
    expect(everything.first_page_url).toBe(`${path}?page=1&limit=100`)
  })

  it('search takes % and _ literally', async () => {
    expect(expectSuccess(await list(`search=${encodeURIComponent(`${prefix}%`)}`)).total).toBe(0)
    expect(expectSuccess(await list(`search=${encodeURIComponent(`${prefix}_0`)}`)).total).toBe(0)
    expect(expectSuccess(await list(`search=${encodeURIComponent(`${prefix} _5`)}`)).total).toBe(0)
    const tag = unique('diskon')
    const literal = await api('POST', '/api/admin/categories', { token: admin, json: { name: `${tag} 50%_off` } })
    expect(literal.status, literal.text).toBe(201)
    for (const search of [`${tag} 50%`, `${tag.toUpperCase()} 50%_OFF`, `%_off`]) {
      const found = expectSuccess(await list(`search=${encodeURIComponent(search)}&limit=100`))
      expect(
        found.data.map((row: { id: number }) => row.id),
        search,
      ).toContain(literal.body.data.id)
      if (search.startsWith(tag)) expect(found.total).toBe(1)
    }
    expect(expectSuccess(await list(`search=${encodeURIComponent(`${tag} 5%`)}`)).total).toBe(0)
    expect(expectSuccess(await list(`search=${encodeURIComponent(`${tag} 50_`)}`)).total).toBe(0)
  })

  it('an empty result has last_page 1, null from/to and no next or previous page', async () => {
    const data = expectSuccess(await list(`search=${unique('nothing')}`))
    expect(data).toMatchObject({
      current_page: 1,
      data: [],
      from: null,
      to: null,
      last_page: 1,
      total: 0,
      next_page_url: null,
      prev_page_url: null,
    })
  })

  it('shows a window of page links with ellipses on long lists', async () => {
    const data = expectSuccess(await list(`page=12&search=${prefix}&limit=1`))
    expect(data.last_page).toBe(25)
    const labels = data.links.map((link: { label: string }) => link.label)
    expect(labels[0]).toBe('&laquo; Previous')
    expect(labels.at(-1)).toBe('Next &raquo;')
    expect(labels).toContain('...')
    expect(labels).toContain('12')
    expect(labels).toContain('1')
    expect(labels).toContain('25')
    for (const link of data.links) {
      if (link.label === '...') expect(link.url).toBeNull()
      else if (/^\d+$/.test(link.label)) expect(link.url).toBe(url(Number(link.label), '&limit=1'))
    }
  })
})

describe('search columns', () => {
  it('permissions, roles and categories: name', async () => {
    const tag = unique('cari').toLowerCase()
    const permission = await api('POST', '/api/admin/permissions', { token: admin, json: { name: `${tag}-index` } })
    expect(permission.status, permission.text).toBe(201)
    const role = await api('POST', '/api/admin/roles', {
      token: admin,
      json: { name: `Peran ${tag.toUpperCase()}`, permission_ids: [] },
    })
    expect(role.status).toBe(201)
    const category = await api('POST', '/api/admin/categories', { token: admin, json: { name: `Kategori ${tag}` } })
    expect(category.status).toBe(201)
    for (const [resource, id] of [
      ['permissions', permission.body.data.id],
      ['roles', role.body.data.id],
      ['categories', category.body.data.id],
    ]) {
      const found = expectSuccess(await list(`search=${tag}`, `/api/admin/${resource}`), 200)
      expect(
        found.data.map((row: { id: number }) => row.id),
        resource,
      ).toEqual([id])
    }
    // a category's slug is not searched, only its name
    expect(expectSuccess(await list(`search=kategori-${tag}`)).total).toBe(0)
  })

  it('users: name, username and email, each on its own', async () => {
    const tag = unique('cari').toLowerCase()
    const make = async (name: string, username: string, email: string) => {
      const result = await api('POST', '/api/admin/users', {
        token: admin,
        json: { name, username, email, password: 'cari-password' },
      })
      expect(result.status, result.text).toBe(201)
      return result.body.data.id as number
    }
    const byName = await make(`Ibu ${tag.toUpperCase()} Sari`, unique('a'), `${unique('a')}@example.com`)
    const byUsername = await make('Pak Budi', `x${tag}x`, `${unique('b')}@example.com`)
    const byEmail = await make('Bu Ani', unique('c'), `${tag}@desa.example`)
    const found = expectSuccess(await list(`search=${tag}`, '/api/admin/users'), 200, 'List Data Users')
    expect(found.data.map((row: { id: number }) => row.id)).toEqual([byEmail, byUsername, byName])
    expect(
      expectSuccess(await list(`search=${tag}@desa`, '/api/admin/users')).data.map((row: { id: number }) => row.id),
    ).toEqual([byEmail])
  })
})

describe('every admin list of the foundation answers the paging payload, newest first', () => {
  it.each(['permissions', 'roles', 'users', 'categories'])('%s', async (resource) => {
    const data = expectSuccess(await list('limit=5', `/api/admin/${resource}`), 200)
    expect(Object.keys(data).sort()).toEqual(PAYLOAD_KEYS)
    expect(data).toMatchObject({
      current_page: 1,
      path: `/api/admin/${resource}`,
      per_page: 5,
      first_page_url: `/api/admin/${resource}?page=1&limit=5`,
    })
    const ids = data.data.map((row: { id: number }) => row.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(data.total).toBeGreaterThanOrEqual(ids.length)
    expect(data.last_page).toBeGreaterThanOrEqual(1)
  })
})

describe('a literal % or _ search over thousands of matching rows (on a server of its own)', () => {
  let server: TestServer
  let token: string

  beforeAll(async () => {
    server = await startServer()
    token = await login('admin', 'password', server.url)
    // Thousands of rows through the API would take minutes; the test writes them straight into its own database.
    const now = new Date().toISOString()
    const rows = [
      ...Array.from({ length: 3000 }, (_, i) => [`Diskon 100% nomor ${i + 1}`, `diskon-100-nomor-${i + 1}`, now, now]),
      ...Array.from({ length: 500 }, (_, i) => [`Diskon 1000 nomor_${i + 1}`, `diskon-1000-nomor-${i + 1}`, now, now]),
    ]
    await insertRows(server, 'categories', ['name', 'slug', 'created_at', 'updated_at'], rows)
  })

  afterAll(async () => {
    await server?.stop()
  })

  const search = (query: string) => api('GET', `/api/admin/categories?${query}`, { token, base: server.url })

  it('counts and pages the literal matches only', async () => {
    const page = expectSuccess(await search(`search=${encodeURIComponent('100%')}&page=2&limit=10`))
    expect(page).toMatchObject({ total: 3000, last_page: 300, from: 11, to: 20, current_page: 2 })
    expect(page.data.map((row: { name: string }) => row.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Diskon 100% nomor ${2990 - i}`),
    )
    const last = expectSuccess(await search(`search=${encodeURIComponent('100%')}&page=300&limit=10`))
    expect(last.data.map((row: { name: string }) => row.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Diskon 100% nomor ${10 - i}`),
    )
    const underscore = expectSuccess(await search(`search=${encodeURIComponent('NOMOR_')}&limit=100`))
    expect(underscore).toMatchObject({ total: 500, per_page: 100, last_page: 5 })
    expect(expectSuccess(await search(`search=${encodeURIComponent('%')}&page=31&limit=100`)).total).toBe(3000)
    expect(expectSuccess(await search(`search=${encodeURIComponent('%')}&page=31&limit=100`)).data).toEqual([])
    expect(expectSuccess(await search(`search=${encodeURIComponent('100_')}`)).total).toBe(0)
  })
})
