import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { regencyClient, type Answer } from '../support/regency'
import { startServer, type TestServer } from '../support/server'

vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 })

/**
 * Isolation of every resource through every door (issue 26, "Done when"), black box: village A is the demo village
 * (content of every kind, pictures, files), village B is new and empty. Whatever A holds must not show at B's host
 * through the public API, the admin API, the public pages, the uploads, the feeds, the sitemap or the site search, while
 * it does at A's: B answers its own empty lists and a 404 for every one of A's items.
 */

const REGENCY = 'kab.test'
let server: TestServer
const { call, host, loginAt, newVillage } = regencyClient(() => server, REGENCY)
const A = host('sukamaju')
const B = host('mekarsari')

/** How many items a list answer holds: a paged list's total, or a plain array's length. */
function countOf(answer: Answer): number {
  const data = answer.body?.data
  if (Array.isArray(data)) return data.length
  if (data && typeof data.total === 'number') return data.total
  throw new Error(`not a list: ${answer.text.slice(0, 200)}`)
}

/** Every item of a list (all pages at 100 a page; a plain array as it is). */
async function itemsOf(site: string, address: string, token?: string): Promise<any[]> {
  const first = await call(site, 'GET', address, { token })
  expect(first.status, `${site}${address}: ${first.text.slice(0, 200)}`).toBe(200)
  if (Array.isArray(first.body.data)) return first.body.data
  const items = [...first.body.data.data]
  const joiner = address.includes('?') ? '&' : '?'
  for (let page = 2; page <= first.body.data.last_page; page++)
    items.push(...(await call(site, 'GET', `${address}${joiner}page=${page}`, { token })).body.data.data)
  return items
}

/** The public lists of docs/api.md, and how each item is read alone (null: no call for one item). */
const PUBLIC_LISTS: [list: string, detail: ((item: any) => string) | null][] = [
  ['/api/public/posts?limit=100', (item) => `/api/public/posts/${item.slug}`],
  ['/api/public/pages?limit=100', (item) => `/api/public/pages/${item.slug}`],
  ['/api/public/products?limit=100', (item) => `/api/public/products/${item.slug}`],
  ['/api/public/aparaturs?limit=100', (item) => `/api/public/aparaturs/${item.id}`],
  ['/api/public/photos?limit=100', null],
  ['/api/public/sliders', null],
  ['/api/public/posts_home', null],
  ['/api/public/products_home', null],
  ['/api/public/aparaturs_home', null],
  ['/api/public/photos_home', null],
  ['/api/public/budgets', null],
  ['/api/public/developments?limit=100', null],
  ['/api/public/documents?limit=100', null],
  ['/api/public/events?limit=100', null],
  ['/api/public/announcements?limit=100', null],
  ['/api/public/statistics', null],
]

/** The admin API's lists of every resource a village's own staff manage. */
const ADMIN_RESOURCES = [
  'categories',
  'posts',
  'pages',
  'products',
  'photos',
  'sliders',
  'aparaturs',
  'documents',
  'reports',
  'budgets',
  'developments',
  'events',
  'announcements',
  'statistics',
]

/** The public screens of one item, from its public API answer. */
const PAGES: [list: string, page: (item: any) => string][] = [
  ['/api/public/posts?limit=100', (item) => `/posts/${item.slug}`],
  ['/api/public/pages?limit=100', (item) => `/pages/${item.slug}`],
  ['/api/public/products?limit=100', (item) => `/products/${item.slug}`],
  ['/api/public/aparaturs?limit=100', (item) => `/aparaturs/${item.id}`],
  ['/api/public/documents?limit=100', (item) => `/dokumen/${item.slug}`],
  ['/api/public/developments?limit=100', (item) => `/pembangunan/${item.slug}`],
  ['/api/public/events?limit=100', (item) => `/agenda/${item.slug}`],
  ['/api/public/statistics', (item) => `/statistik/${item.slug}`],
  ['/api/public/budgets', (item) => `/apbdes/${item.year}`],
  ['/api/public/announcements?limit=100', (item) => `/pengumuman/${item.id}`],
]

describe('every resource of a village, through every door, at its own host only', () => {
  let tokenA: string
  let tokenB: string

  beforeAll(async () => {
    server = await startServer({ env: { REGENCY_HOST: REGENCY, TRUST_PROXY: '0', SITE_URL: undefined } })
    const regencyToken = await loginAt(REGENCY, 'kabupaten', 'password')
    tokenA = (await newVillage(regencyToken, 'sukamaju', 'Desa Sukamaju', { demo: true })).token
    tokenB = (await newVillage(regencyToken, 'mekarsari', 'Desa Mekarsari')).token
    // One announcement showing now (the demo's may all be past or still to come).
    const showing = await call(A, 'POST', '/api/admin/announcements', {
      token: tokenA,
      json: {
        title: 'Kerja Bakti Sukamaju',
        content: '<p>Minggu pagi.</p>',
        starts_at: new Date(Date.now() - 3600_000),
      },
    })
    expect(showing.status, showing.text).toBe(201)
  })

  afterAll(async () => {
    await server?.stop()
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  it("answers every public list at B's host with B's own (none), at A's with A's", async () => {
    for (const [list, detail] of PUBLIC_LISTS) {
      const ofA = await call(A, 'GET', list)
      expect(countOf(ofA), `${list} at A`).toBeGreaterThan(0)
      const ofB = await call(B, 'GET', list)
      expect(ofB.status, list).toBe(200)
      expect(countOf(ofB), `${list} at B`).toBe(0)
      if (!detail) continue
      for (const item of await itemsOf(A, list)) {
        expect((await call(A, 'GET', detail(item))).status, `${detail(item)} at A`).toBe(200)
        const atB = await call(B, 'GET', detail(item))
        expect(atB.status, `${detail(item)} at B`).toBe(404)
      }
    }
  })

  it("answers every admin list at B's host with B's own, and none of A's ids", async () => {
    for (const resource of ADMIN_RESOURCES) {
      const address = `/api/admin/${resource}?limit=100`
      const ofA = await itemsOf(A, address, tokenA)
      expect(ofA.length, `${resource} at A`).toBeGreaterThan(0)
      const ofB = await call(B, 'GET', address, { token: tokenB })
      expect(ofB.status, resource).toBe(200)
      expect(countOf(ofB), `${resource} at B`).toBe(0)
      // B's database has no rows of this kind: each of A's ids is a 404 there, read, changed or deleted.
      for (const item of ofA.slice(0, 3)) {
        for (const method of ['GET', 'DELETE']) {
          const answer = await call(B, method, `/api/admin/${resource}/${item.id}`, { token: tokenB })
          expect(answer.status, `${method} ${resource}/${item.id} at B`).toBe(404)
        }
      }
    }
    // Accounts: each village's own; A's staff are unknown at B.
    const usersA = await itemsOf(A, '/api/admin/users?limit=100', tokenA)
    const usersB = await itemsOf(B, '/api/admin/users?limit=100', tokenB)
    expect(usersB.map((user) => user.username)).toEqual(['admin'])
    for (const user of usersA.filter((each) => each.username !== 'admin'))
      expect(
        (await call(B, 'POST', '/api/login', { json: { username: user.username, password: 'password' } })).status,
      ).toBe(401)
    // Nothing deleted at A by those calls.
    for (const resource of ADMIN_RESOURCES)
      expect((await itemsOf(A, `/api/admin/${resource}?limit=100`, tokenA)).length, resource).toBeGreaterThan(0)
  })

  it("serves A's pages, pictures and files at A's host only", async () => {
    const pictures = new Set<string>()
    for (const [list, page] of PAGES) {
      for (const item of (await itemsOf(A, list)).slice(0, 5)) {
        const address = page(item)
        const atA = await call(A, 'GET', address, { headers: { Accept: 'text/html' } })
        expect(atA.status, `${address} at A`).toBe(200)
        const atB = await call(B, 'GET', address, { headers: { Accept: 'text/html' } })
        expect(atB.status, `${address} at B`).toBe(404)
        for (const [, file] of atA.text.matchAll(/"(\/uploads\/[a-z]+\/[^"?\s]+)/g)) pictures.add(file)
      }
    }
    expect(pictures.size).toBeGreaterThan(3)
    for (const picture of pictures) {
      expect((await call(A, 'GET', picture)).status, `${picture} at A`).toBe(200)
      expect((await call(B, 'GET', picture)).status, `${picture} at B`).toBe(404)
    }
  })

  it("keeps A's items out of B's feeds, sitemap and search", async () => {
    const posts = await itemsOf(A, '/api/public/posts?limit=100')
    const events = await itemsOf(A, '/api/public/events?limit=100')
    const documents = await itemsOf(A, '/api/public/documents?limit=100')
    for (const address of ['/rss.xml', '/sitemap.xml', '/agenda.ics']) {
      const atA = await call(A, 'GET', address)
      const atB = await call(B, 'GET', address)
      expect(atA.status, address).toBe(200)
      expect(atB.status, address).toBe(200)
      for (const item of [...posts, ...events, ...documents]) {
        if (address === '/rss.xml' && !posts.includes(item)) continue
        expect(atB.text, `${item.slug} in ${address} at B`).not.toContain(item.slug)
        expect(atB.text).not.toContain(item.title)
      }
      expect(atB.text).not.toContain('sukamaju')
    }
    for (const item of [posts[0], documents[0], events[0]]) {
      const term = encodeURIComponent(item.title)
      const atA = await call(A, 'GET', `/cari?q=${term}`, { headers: { Accept: 'text/html' } })
      expect(atA.text, `search for ${item.title} at A`).toContain(`/${item.slug}`)
      const atB = await call(B, 'GET', `/cari?q=${term}`, { headers: { Accept: 'text/html' } })
      expect(atB.status).toBe(200)
      expect(atB.text, `search for ${item.title} at B`).not.toContain(`/${item.slug}`)
    }
  })

  it("keeps a citizen report of A out of B: its ticket is unknown there, its list B's own", async () => {
    const filed = await call(A, 'POST', '/api/public/reports', {
      json: {
        kind: 'pengaduan',
        name: 'Warga Sukamaju',
        phone: '081234567890',
        subject: 'Lampu jalan padam',
        message: 'Lampu jalan di RT 02 padam sejak seminggu.',
      },
    })
    expect(filed.status, filed.text).toBe(201)
    const tracking = `/api/public/reports/${filed.body.data.ticket}?code=${filed.body.data.tracking_code}`
    expect((await call(A, 'GET', tracking)).status).toBe(200)
    expect((await call(B, 'GET', tracking)).status).toBe(404)
    const atB = await call(B, 'GET', '/api/admin/reports?search=Lampu', { token: tokenB })
    expect(countOf(atB)).toBe(0)
  })

  it("refuses at B an objection naming A's PPID- ticket (422 on Request_ticket), and takes it at A", async () => {
    const filed = await call(A, 'POST', '/api/public/reports', {
      json: {
        kind: 'permohonan_informasi',
        name: 'Warga',
        phone: '081234567890',
        subject: 'APBDes',
        message: 'Mohon.',
      },
    })
    expect(filed.status, filed.text).toBe(201)
    const json = {
      request_ticket: filed.body.data.ticket,
      name: 'Warga',
      phone: '081234567890',
      reason: 'terlambat',
      message: 'Belum dijawab.',
    }
    const atB = await call(B, 'POST', '/api/public/objections', { json })
    expect(atB.status, atB.text).toBe(422)
    expect(Object.keys(atB.body.errors)).toEqual(['Request_ticket'])
    expect(countOf(await call(B, 'GET', '/api/admin/objections', { token: tokenB }))).toBe(0)
    expect((await call(A, 'POST', '/api/public/objections', { json })).status).toBe(201)
  })
})
