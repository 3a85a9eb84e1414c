import { beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, baseUrl, unique } from '../support/api'
import { newCategory } from '../support/content'

let token: string
let categoryId: number

beforeAll(async () => {
  token = await adminToken()
  categoryId = (await newCategory()).id
})

const search = (word: string) => api('GET', `/api/public/posts?search=${encodeURIComponent(word)}`)
const page = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(baseUrl() + path, { headers, redirect: 'manual' })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

describe('public reads cached until the next write', () => {
  it('a create, an update and a delete through the API each show at once in the public API', async () => {
    const word = unique('cachekata')
    // Read twice: the second answer comes from the cache.
    expect((await search(word)).body.data.total).toBe(0)
    expect((await search(word)).body.data.total).toBe(0)

    const created = await api('POST', '/api/admin/posts', {
      token,
      json: { title: `Berita ${word}`, content: '<p>Isi</p>', category_id: categoryId },
    })
    expect(created.status).toBe(201)
    const found = await search(word)
    expect(found.body.data.total).toBe(1)
    expect(found.body.data.data[0].title).toBe(`Berita ${word}`)
    expect((await api('GET', `/api/public/posts/${created.body.data.slug}`)).body.data.title).toBe(`Berita ${word}`)

    const renamed = await api('PUT', `/api/admin/posts/${created.body.data.id}`, {
      token,
      json: { title: `Kabar ${word}`, content: '<p>Isi baru</p>', category_id: categoryId },
    })
    expect(renamed.status).toBe(200)
    expect((await search(word)).body.data.data[0].title).toBe(`Kabar ${word}`)
    expect((await api('GET', `/api/public/posts/${created.body.data.slug}`)).status).toBe(404)
    expect((await api('GET', `/api/public/posts/${renamed.body.data.slug}`)).body.data.content).toBe('<p>Isi baru</p>')

    expect((await api('DELETE', `/api/admin/posts/${created.body.data.id}`, { token })).status).toBe(200)
    expect((await search(word)).body.data.total).toBe(0)
    expect((await api('GET', `/api/public/posts/${renamed.body.data.slug}`)).status).toBe(404)
  })

  it('server-rendered pages and their .data show a write at once', async () => {
    const word = unique('halamankata')
    const path = `/posts?search=${word}`
    expect((await page(path)).text).toContain('Tidak ada post yang tersedia.')
    expect((await page(path)).text).toContain('Tidak ada post yang tersedia.')
    const dataPath = `/posts.data?search=${word}`
    expect((await page(dataPath)).text).not.toContain(`Berita ${word}`)

    const created = await api('POST', '/api/admin/posts', {
      token,
      json: { title: `Berita ${word}`, content: '<p>Isi</p>', category_id: categoryId },
    })
    expect(created.status).toBe(201)
    const after = await page(path)
    expect(after.status).toBe(200)
    expect(after.text).toContain(`Berita ${word}`)
    expect(after.text).not.toContain('Tidak ada post yang tersedia.')
    expect((await page(dataPath)).text).toContain(`Berita ${word}`)
  })

  it(
    'says which answers came from the response cache (X-Cache: HIT), and never for a visitor ' + 'with a cookie',
    async () => {
      // The test server is shared with other test files, whose writes empty the cache at any moment: a pair of reads
      // may straddle one. A few fresh pairs are asked; the first read of each is never a hit, and one second read must
      // be.
      const hitOnSecondRead = async (base: string) => {
        for (let attempt = 0; attempt < 8; attempt++) {
          const path = `${base}${unique('xcache')}`
          expect((await page(path)).headers.get('x-cache')).toBeNull()
          const second = (await page(path)).headers.get('x-cache')
          expect(second === null || second === 'HIT').toBe(true)
          if (second === 'HIT') {
            expect((await page(path, { Cookie: 'bench=1' })).headers.get('x-cache')).toBeNull()
            return true
          }
        }
        return false
      }
      expect(await hitOnSecondRead('/posts?search=')).toBe(true)
      expect(await hitOnSecondRead('/api/public/posts?search=')).toBe(true)
    },
  )

  it('each page answer carries its own CSP nonce, also when it comes from the cache', async () => {
    const nonces = new Set<string>()
    for (let i = 0; i < 3; i++) {
      const answer = await page('/')
      expect(answer.status).toBe(200)
      const nonce = /'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy') ?? '')?.[1]
      expect(nonce).toBeTruthy()
      const used = [...answer.text.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])
      expect(used.length).toBeGreaterThan(0)
      expect(new Set(used)).toEqual(new Set([nonce]))
      nonces.add(nonce!)
      expect(answer.headers.get('set-cookie')).toBeNull()
      expect(answer.headers.get('etag')).toBeNull()
    }
    expect(nonces.size).toBe(3)
  })
})

describe('ETag and Cache-Control on the public API', () => {
  it('answers 304 to a matching If-None-Match, and 200 with a new ETag after a change', async () => {
    const word = unique('etagkata')
    const first = await search(word)
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^W\/"[\w-]+"$/)
    for (let i = 0; i < 2; i++) {
      const again = await api('GET', `/api/public/posts?search=${word}`, { headers: { 'If-None-Match': etag! } })
      expect(again.status).toBe(304)
      expect(again.text).toBe('')
      expect(again.headers.get('etag')).toBe(etag)
    }
    const created = await api('POST', '/api/admin/posts', {
      token,
      json: { title: `Berita ${word}`, content: '<p>Isi</p>', category_id: categoryId },
    })
    expect(created.status).toBe(201)
    const changed = await api('GET', `/api/public/posts?search=${word}`, { headers: { 'If-None-Match': etag! } })
    expect(changed.status).toBe(200)
    expect(changed.body.data.total).toBe(1)
    expect(changed.headers.get('etag')).not.toBe(etag)
  })

  it('admin reads are never shared or stored', async () => {
    const result = await api('GET', '/api/admin/posts', { token })
    expect(result.status).toBe(200)
    expect(result.headers.get('cache-control')).toBe('no-store')
    expect(result.headers.get('etag')).toBeNull()
    expect((await api('GET', '/api/admin/posts')).status).toBe(401)
  })
})
