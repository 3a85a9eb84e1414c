import { beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, baseUrl, unique } from '../support/api'

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
