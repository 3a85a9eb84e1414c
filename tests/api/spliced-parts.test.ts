import { beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, baseUrl, unique } from '../support/api'
import { form, newCategory, png } from '../support/content'

// The public layout's header, footer and banner are rendered once per data version and spliced into the next pages
// (decision 071): a page rendered with spliced parts is the page a full render writes (the first request of a
// version renders them), no marker reaches the client, and a write shows in the parts of the very next page.
let token: string
beforeAll(async () => {
  token = await adminToken()
})

/** A rendered page (the cookie: the response cache never answers it), its nonce blanked. */
const rendered = async (path: string) => {
  const response = await fetch(baseUrl() + path, { headers: { Cookie: 'bench=1' } })
  expect(response.status).toBe(200)
  expect(response.headers.get('x-cache')).toBeNull()
  return (await response.text()).replace(/nonce="[^"]*"/g, 'nonce=""').replace(/"nonce":"[^"]*"/g, '')
}

describe('spliced page parts', () => {
  it('give the same document as the render before them, without markers or zero bytes', async () => {
    for (const path of ['/', '/posts', '/agenda', '/privacy']) {
      const first = await rendered(path)
      const second = await rendered(path)
      expect(second, path).toBe(first)
      expect(second, path).not.toContain('data-splice')
      expect(second, path).not.toContain('\u0000')
      expect(second, path).toContain('<header')
      expect(second, path).toContain('<footer')
    }
  })

  it('mark the current menu entry of each page, and show a new announcement on the next page', async () => {
    expect(await rendered('/agenda')).toMatch(
      /aria-current="page"[^>]*href="\/agenda"|href="\/agenda"[^>]*aria-current/,
    )
    expect(await rendered('/privacy')).not.toMatch(
      /href="\/agenda"[^>]*aria-current|aria-current="page"[^>]*href="\/agenda"/,
    )
    const title = unique('Pengumuman sisipan')
    await rendered('/posts')
    const created = await api('POST', '/api/admin/announcements', {
      token,
      json: { title, content: '<p>Isi.</p>', starts_at: new Date(Date.now() - 60_000).toISOString() },
    })
    expect(created.status).toBe(201)
    try {
      expect(await rendered('/posts')).toContain(title)
      expect(await rendered('/posts')).toContain(title)
    } finally {
      expect((await api('DELETE', `/api/admin/announcements/${created.body.data.id}`, { token })).status).toBe(200)
    }
    expect(await rendered('/posts')).not.toContain(title)
  })
})

// A list's cards are parts too (decision 090): each is rendered once per data version, the next page splices it,
// and an edit of the item shows in its card on the very next page.
describe('kept cards', () => {
  it('give the same list as the render before them, and show an edit on the next page', async () => {
    const categoryId = (await newCategory()).id
    const title = unique('Kartu sisipan')
    const created = await api('POST', '/api/admin/posts', {
      token,
      json: { title, content: '<p>Isi kartu pertama.</p>', category_id: categoryId },
    })
    expect(created.status).toBe(201)
    const id = created.body.data.id
    try {
      for (const path of ['/posts', '/posts?page=2', '/berita', '/products', '/aparaturs', '/pages']) {
        // The first page of this data version renders every card; the next splices what it kept.
        const first = await rendered(path)
        const second = await rendered(path)
        expect(second, path).toBe(first)
        expect(second, path).not.toContain('data-splice')
        expect(second, path).toMatch(/<li><article class="[^"]*item-card/)
      }
      expect(await rendered('/posts')).toContain(title)
      const renamed = `${title} diubah`
      const updated = await api('PUT', `/api/admin/posts/${id}`, {
        token,
        json: { title: renamed, content: '<p>Isi kartu kedua.</p>', category_id: categoryId },
      })
      expect(updated.status).toBe(200)
      for (let round = 0; round < 2; round++) {
        const page = await rendered('/posts')
        expect(page).toContain(renamed)
        expect(page).toContain('Isi kartu kedua.')
        expect(page).not.toContain('Isi kartu pertama.')
      }
    } finally {
      expect((await api('DELETE', `/api/admin/posts/${id}`, { token })).status).toBe(200)
    }
    const after = await rendered('/posts')
    expect(after).not.toContain(title)
  })

  it('name what a card shows besides its row: the same post fourth on one page and first on the next', async () => {
    const categoryId = (await newCategory()).id
    const word = unique('kartupindah')
    const ids: number[] = []
    try {
      for (let n = 1; n <= 4; n++) {
        const created = await api('POST', '/api/admin/posts', {
          token,
          form: form(
            { title: `Berita ${word} ${n}`, content: '<p>Isi.</p>', category_id: categoryId },
            await png(400, 300),
          ),
        })
        expect(created.status).toBe(201)
        ids.push(created.body.data.id)
      }
      const cards = (html: string) => [...html.matchAll(/<li><article[^]*?<\/article><\/li>/g)].map((found) => found[0])
      // The first row's pictures load at once: the oldest of the four is fourth here, its picture lazy...
      const four = cards(await rendered(`/posts?search=${word}&limit=4`))
      expect(four).toHaveLength(4)
      expect(four[3]).toContain(`Berita ${word} 1`)
      expect(four[3]).toContain('loading="lazy"')
      // ...and first on the second page of three, its picture eager, in the same data version.
      const moved = cards(await rendered(`/posts?search=${word}&page=2&limit=3`))
      expect(moved).toHaveLength(1)
      expect(moved[0]).toBe(four[3].replace('loading="lazy"', 'loading="eager"'))
    } finally {
      for (const id of ids) expect((await api('DELETE', `/api/admin/posts/${id}`, { token })).status).toBe(200)
    }
  })
})

// A page is one document with its doctype and its hydration data, each script carrying the response's CSP nonce (a
// browser runs no inline script without it: decision 003), and a HEAD or a data request of a page answers as Remix does.
describe('the document', () => {
  it('has its doctype and its hydration data, in scripts that carry the response nonce', async () => {
    for (const path of ['/', '/posts?page=2', '/agenda']) {
      const response = await fetch(baseUrl() + path, { headers: { Cookie: 'bench=1' } })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8')
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')![1]
      const html = await response.text()
      expect(html.startsWith('<!DOCTYPE html><html lang="id">'), path).toBe(true)
      expect(html.endsWith('</html>') || html.endsWith('<!--/$-->'), path).toBe(true)
      const data = [
        ...html.matchAll(
          /<script nonce="([^"]+)">window\.__remixContext\.streamController\.enqueue\((".*?")\);<\/script>/g,
        ),
      ]
      expect(data.length, path).toBeGreaterThan(0)
      expect(
        data.every(([, given]) => given === nonce),
        path,
      ).toBe(true)
      expect(data.map(([, , text]) => JSON.parse(text)).join(''), path).toContain('"loaderData"')
      expect(html, path).toContain(`<script nonce="${nonce}">window.__remixContext.streamController.close();</script>`)
    }
  })

  it('answers a HEAD with the headers and no body, and the data request of a page as before', async () => {
    const head = await fetch(baseUrl() + '/posts', { method: 'HEAD', headers: { Cookie: 'bench=1' } })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await head.text()).toBe('')
    const data = await fetch(baseUrl() + '/posts.data', { headers: { Cookie: 'bench=1' } })
    expect(data.status).toBe(200)
    expect(data.headers.get('content-type')).toContain('text/x-script')
    expect(await data.text()).toContain('routes/_public.posts._index')
  })
})
