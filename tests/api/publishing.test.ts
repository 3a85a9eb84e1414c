import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, clientAddress, expectFailure, expectSuccess, login, unique } from '../support/api'
import { startServer, testClock, type TestServer } from '../support/server'

// Drafts and scheduled publishing (docs/api.md; app/models/content/publishing.server.ts): one rule decides what the public
// sees, at every door, and a scheduled item appears at its time with no write in between. The server is this file's
// own, with a clock the test moves (tests/support/server.ts testClock) instead of waiting.

const clock = testClock()
let server: TestServer
let admin: string
let categoryId: number

const call = (method: string, path: string, options: Parameters<typeof api>[2] = {}) =>
  api(method, path, { ...options, base: server.url })
const page = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(server.url + path, { headers, redirect: 'manual' })
  return { status: response.status, headers: response.headers, text: await response.text() }
}
const HOUR = 3600_000

beforeAll(async () => {
  server = await startServer({ env: clock.env })
  admin = await login('admin', 'password', server.url)
  const category = await call('POST', '/api/admin/categories', { token: admin, json: { name: unique('Kategori ') } })
  categoryId = expectSuccess(category, 201).id
}, 90_000)

afterAll(async () => {
  await server?.stop()
  clock.remove()
})

/** A post, a page and a product whose titles hold `word`, with the publishing fields given. */
async function createAll(word: string, publishing: Record<string, unknown>) {
  const post = expectSuccess(
    await call('POST', '/api/admin/posts', {
      token: admin,
      json: { title: `Berita ${word}`, content: '<p>Isi</p>', category_id: categoryId, ...publishing },
    }),
    201,
  )
  const pageRow = expectSuccess(
    await call('POST', '/api/admin/pages', {
      token: admin,
      json: { title: `Halaman ${word}`, content: '<p>Isi</p>', ...publishing },
    }),
    201,
  )
  const product = expectSuccess(
    await call('POST', '/api/admin/products', {
      token: admin,
      json: {
        title: `Produk ${word}`,
        content: '<p>Isi</p>',
        owner: 'Bu Sari',
        price: 1000,
        phone: '08123456789',
        address: 'RT 01',
        ...publishing,
      },
    }),
    201,
  )
  return { post, page: pageRow, product }
}

type Items = Awaited<ReturnType<typeof createAll>>

/** Every public door, each asked twice (the second answer may come from a cache): does it show the items of `word`? */
async function publicDoors(word: string, items: Items) {
  const seen: Record<string, boolean> = {}
  for (let round = 0; round < 2; round++) {
    const listed = async (path: string) => (await call('GET', path)).body.data
    seen.apiPostsSearch = (await listed(`/api/public/posts?search=${word}`)).total === 1
    seen.apiPagesSearch = (await listed(`/api/public/pages?search=${word}`)).total === 1
    seen.apiProductsSearch = (await listed(`/api/public/products?search=${word}`)).total === 1
    seen.apiPostsList = (await listed('/api/public/posts')).data.some((row: { id: number }) => row.id === items.post.id)
    seen.apiPagesList = (await listed('/api/public/pages')).data.some((row: { id: number }) => row.id === items.page.id)
    seen.apiProductsList = (await listed('/api/public/products')).data.some(
      (row: { id: number }) => row.id === items.product.id,
    )
    seen.apiPostsHome = (await listed('/api/public/posts_home')).some((row: { id: number }) => row.id === items.post.id)
    seen.apiProductsHome = (await listed('/api/public/products_home')).some(
      (row: { id: number }) => row.id === items.product.id,
    )
    seen.apiPostDetail = (await call('GET', `/api/public/posts/${items.post.slug}`)).status === 200
    seen.apiPageDetail = (await call('GET', `/api/public/pages/${items.page.slug}`)).status === 200
    seen.apiProductDetail = (await call('GET', `/api/public/products/${items.product.slug}`)).status === 200
    seen.postScreen = (await page(`/posts/${items.post.slug}`)).status === 200
    seen.pageScreen = (await page(`/pages/${items.page.slug}`)).status === 200
    seen.productScreen = (await page(`/products/${items.product.slug}`)).status === 200
    seen.postsSearchScreen = (await page(`/posts?search=${word}`)).text.includes(`Berita ${word}`)
    seen.pagesSearchScreen = (await page(`/pages?search=${word}`)).text.includes(`Halaman ${word}`)
    seen.productsSearchScreen = (await page(`/products?search=${word}`)).text.includes(`Produk ${word}`)
    const home = (await page('/')).text
    seen.homePost = home.includes(`Berita ${word}`)
    seen.homeProduct = home.includes(`Produk ${word}`)
    const sitemap = (await page('/sitemap.xml')).text
    seen.sitemapPost = sitemap.includes(`/posts/${items.post.slug}<`)
    seen.sitemapPage = sitemap.includes(`/pages/${items.page.slug}<`)
    seen.sitemapProduct = sitemap.includes(`/products/${items.product.slug}<`)
    seen.rss = (await page('/rss.xml')).text.includes(`/posts/${items.post.slug}<`)
  }
  return seen
}

const everywhere = (shown: boolean, seen: Record<string, boolean>) =>
  expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((door) => [door, shown])))

describe('the original client (no status, no published_at)', () => {
  it('a create publishes at once; an update keeps the status and the publish time', async () => {
    const word = unique('asli')
    const before = Date.now()
    const { post } = await createAll(word, {})
    expect(post.status).toBe('published')
    expect(new Date(post.published_at).getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(new Date(post.published_at).getTime()).toBeLessThanOrEqual(Date.now() + 1000)
    expect((await call('GET', `/api/public/posts/${post.slug}`)).status).toBe(200)

    const drafted = expectSuccess(
      await call('PUT', `/api/admin/posts/${post.id}`, {
        token: admin,
        json: { title: `Berita ${word}`, content: '<p>Isi</p>', category_id: categoryId, status: 'draft' },
      }),
    )
    expect(drafted).toMatchObject({ status: 'draft', published_at: post.published_at })
    // The activity log names the field that changed.
    const log = expectSuccess(
      await call('GET', `/api/admin/activities?resource=posts&action=update&search=${word}`, { token: admin }),
    )
    expect(log.data.find((entry: { resource_id: number }) => entry.resource_id === post.id).changes).toEqual(['status'])
    const kept = expectSuccess(
      await call('PUT', `/api/admin/posts/${post.id}`, {
        token: admin,
        json: { title: `Berita ${word} baru`, content: '<p>Isi</p>', category_id: categoryId },
      }),
    )
    expect(kept).toMatchObject({ status: 'draft', published_at: post.published_at })
    expect((await call('GET', `/api/public/posts/${kept.slug}`)).status).toBe(404)
    // The admin's detail and list show it with its status.
    expect(expectSuccess(await call('GET', `/api/admin/posts/${post.id}`, { token: admin })).status).toBe('draft')
    const listed = expectSuccess(await call('GET', `/api/admin/posts?search=${word}`, { token: admin }))
    expect(listed.data.map((row: { status: string }) => row.status)).toEqual(['draft'])
  })

  it('refuses a bad status or publish time with 422 on its key', async () => {
    const base = { title: unique('Salah '), content: '<p>Isi</p>' }
    expectFailure(
      await call('POST', '/api/admin/pages', { token: admin, json: { ...base, status: 'hidden' } }),
      422,
      'Validation Errors',
      { Status: 'Status must be draft or published' },
    )
    expectFailure(
      await call('POST', '/api/admin/pages', { token: admin, json: { ...base, published_at: 'besok pagi' } }),
      422,
      'Validation Errors',
      {
        Published_at: 'Published_at must be a date and time (ISO 8601)',
      },
    )
    expectFailure(
      await call('POST', '/api/admin/pages', { token: admin, json: { ...base, published_at: 1234 } }),
      422,
      'Validation Errors',
      { Published_at: 'Published_at must be text' },
    )
  })

  it('reads a time without a zone in the village time zone (TZ, Asia/Jakarta by default)', async () => {
    const created = await call('POST', '/api/admin/pages', {
      token: admin,
      json: { title: unique('Zona '), content: '<p>Isi</p>', status: 'draft', published_at: '2030-01-01T07:00' },
    })
    expect(expectSuccess(created, 201).published_at).toBe('2030-01-01T00:00:00.000Z')
  })
})

describe('one rule at every public door', () => {
  it('a draft is absent from every door; the admin list filters by status', async () => {
    const word = unique('draf')
    const items = await createAll(word, { status: 'draft' })
    expect(items.post).toMatchObject({ status: 'draft', published_at: null })
    everywhere(false, await publicDoors(word, items))
    const list = (status: string) =>
      call('GET', `/api/admin/products?search=${word}&status=${status}`, { token: admin })
    expect(expectSuccess(await list('draft')).total).toBe(1)
    expect(expectSuccess(await list('published')).total).toBe(0)
    expect(expectSuccess(await list('scheduled')).total).toBe(0)
  })

  it(
    'a scheduled item is absent until its time, then appears at every door without any write, ' + 'newest first',
    async () => {
      const word = unique('jadwal')
      const at = new Date(Date.now() + HOUR).toISOString()
      const items = await createAll(word, { status: 'published', published_at: at })
      expect(items.post).toMatchObject({ status: 'published', published_at: at })
      expect(
        expectSuccess(await call('GET', `/api/admin/posts?search=${word}&status=scheduled`, { token: admin })).total,
      ).toBe(1)
      // Asked twice at every door: whatever a cache kept now must expire by itself.
      everywhere(false, await publicDoors(word, items))
      // A write of something else meanwhile (the caches are filled again after it) changes nothing.
      await createAll(unique('lain'), {})
      everywhere(false, await publicDoors(word, items))

      clock.move(HOUR + 60_000)
      everywhere(true, await publicDoors(word, items))
      // Newest publish time first: it is the newest of all now.
      expect((await call('GET', '/api/public/posts')).body.data.data[0].id).toBe(items.post.id)
      expect((await call('GET', '/api/public/pages')).body.data.data[0].id).toBe(items.page.id)
      const screen = (await page(`/posts/${items.post.slug}`)).text
      expect(screen).toContain(`"datePublished":"${at}"`)
      expect(screen).not.toContain('noindex')

      // Feed readers and browsers may keep the sitemap and feed five minutes, but not past the next publish time.
      const maxAge = async (path: string) =>
        Number(/max-age=(\d+)/.exec((await page(path)).headers.get('cache-control') ?? '')?.[1])
      expect(await maxAge('/rss.xml')).toBe(300)
      await createAll(unique('segera'), {
        status: 'published',
        published_at: new Date(Date.now() + HOUR + 60_000 + 120_000).toISOString(),
      })
      for (const path of ['/rss.xml', '/sitemap.xml']) {
        expect(await maxAge(path)).toBeLessThanOrEqual(120)
        expect(await maxAge(path)).toBeGreaterThan(60)
      }
    },
  )
})

describe('preview', () => {
  let editorCookie: string
  let readerCookie: string

  beforeAll(async () => {
    const permissions = expectSuccess(await call('GET', '/api/admin/permissions/all', { token: admin }))
    const idOf = (name: string) => permissions.find((row: { name: string }) => row.name === name).id
    const makeUser = async (names: string[]) => {
      const role = expectSuccess(
        await call('POST', '/api/admin/roles', {
          token: admin,
          json: { name: unique('peran-'), permission_ids: names.map(idOf) },
        }),
        201,
      )
      const username = unique('staf')
      const json = {
        name: 'Staf',
        username,
        email: `${username}@example.com`,
        password: 'password123',
        role_ids: [role.id],
      }
      expectSuccess(await call('POST', '/api/admin/users', { token: admin, json }), 201)
      const loggedIn = await call('POST', '/api/login', {
        json: { username, password: 'password123' },
        headers: { 'X-Forwarded-For': clientAddress() },
      })
      return `token=${expectSuccess(loggedIn).token}`
    }
    editorCookie = await makeUser([
      'posts-index',
      'posts-edit',
      'pages-index',
      'pages-edit',
      'products-index',
      'products-edit',
    ])
    readerCookie = await makeUser(['posts-index', 'pages-index', 'products-index'])
  })

  it(
    'staff who may edit see a draft or scheduled item at its public address, ' +
      'marked and never stored; nobody else does',
    async () => {
      const word = unique('pratinjau')
      const drafts = await createAll(word, { status: 'draft' })
      const scheduled = await createAll(unique('nanti'), {
        status: 'published',
        published_at: new Date(Date.now() + 100 * HOUR).toISOString(),
      })
      for (const [kind, item, label] of [
        ['posts', drafts.post, 'Draf'],
        ['pages', drafts.page, 'Draf'],
        ['products', drafts.product, 'Draf'],
        ['posts', scheduled.post, 'Terjadwal'],
      ] as const) {
        const path = `/${kind}/${item.slug}`
        const preview = await page(path, { Cookie: editorCookie })
        expect(preview.status, path).toBe(200)
        expect(preview.text).toContain(item.title)
        expect(preview.text).toContain(`>${label}</span>`)
        expect(preview.text).toMatch(/<meta name="robots" content="noindex"/)
        expect(preview.headers.get('cache-control')).toBe('no-store')
        // Anonymous (after the preview: nothing of it was kept) and a user without the edit permission: the 404.
        expect((await page(path)).status).toBe(404)
        expect((await page(path)).status).toBe(404)
        expect((await page(path, { Cookie: readerCookie })).status).toBe(404)
        expect((await call('GET', `/api/public/${kind}/${item.slug}`)).status).toBe(404)
      }
    },
  )
})

describe('across worker processes', () => {
  it('every worker shows a scheduled item at its time with no write, each judging the time itself', async () => {
    const workersClock = testClock()
    const workers = await startServer({ env: { ...workersClock.env, WEB_CONCURRENCY: '2' } })
    try {
      const token = await login('admin', 'password', workers.url)
      const word = unique('pekerja')
      const json = {
        title: `Halaman ${word}`,
        content: '<p>Isi</p>',
        status: 'published',
        published_at: new Date(Date.now() + HOUR).toISOString(),
      }
      expectSuccess(await api('POST', '/api/admin/pages', { base: workers.url, token, json }), 201)
      // Many requests at once, over several connections: both workers answer, and cache, the list.
      const totals = async () =>
        new Set(
          await Promise.all(
            Array.from(
              { length: 16 },
              async () => (await (await fetch(`${workers.url}/api/public/pages?search=${word}`)).json()).data.total,
            ),
          ),
        )
      expect(await totals()).toEqual(new Set([0]))
      expect(await totals()).toEqual(new Set([0]))
      workersClock.move(HOUR + 60_000)
      expect(await totals()).toEqual(new Set([1]))
      // The hook says so loudly, in the primary and in each worker.
      const announced = workers
        .logs()
        .filter((line) => line.event === 'test-clock' && String(line.msg).startsWith('TEST CLOCK'))
      expect(new Set(announced.map((line) => line.pid)).size).toBe(3)
    } finally {
      await workers.stop()
      workersClock.remove()
    }
  }, 180_000)
})
