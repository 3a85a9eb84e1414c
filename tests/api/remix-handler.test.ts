import { describe, expect, it } from 'vitest'
import { baseUrl } from '../support/api'

// Remix's Express handler is ours (server/remix-adapter.mjs, 6., decision 091): a page rendered by entry.server.tsx
// goes out as the one buffer the render made, with its length; every other answer is written from its body as Remix's
// adapter writes it. Its loaders get the request itself when Remix would strip nothing from it (5.).
const RENDERED = { Cookie: 'bench=1' }
/** Not compressed (Node's fetch asks for gzip by default, whose answer has no length ahead). */
const PLAIN = { ...RENDERED, 'Accept-Encoding': 'identity' }
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, '').replace(/"nonce":"[^"]*"/g, '')

describe("Remix's handler, ours", () => {
  it('writes a rendered page whole, with its length; a HEAD of it has the same head and no body', async () => {
    for (const path of ['/posts', '/', '/posts/berita-yang-tidak-ada']) {
      const page = await fetch(baseUrl() + path, { headers: PLAIN })
      const body = Buffer.from(await page.arrayBuffer())
      expect(page.headers.get('x-cache'), path).toBeNull()
      expect(page.headers.get('content-length'), path).toBe(String(body.length))
      expect(body.toString('utf8', 0, 15), path).toBe('<!DOCTYPE html>')
      expect(body.toString(), path).toContain('</html>')
      // Compressed for a browser that asks, the same page.
      const gzipped = await fetch(baseUrl() + path, { headers: RENDERED })
      expect(gzipped.headers.get('content-encoding'), path).toBe('gzip')
      expect(withoutNonce(await gzipped.text()), path).toBe(withoutNonce(body.toString()))
      const head = await fetch(baseUrl() + path, { method: 'HEAD', headers: RENDERED })
      expect(head.status, path).toBe(page.status)
      expect(head.headers.get('content-type'), path).toBe(page.headers.get('content-type'))
      expect(await head.text(), path).toBe('')
    }
    expect((await fetch(baseUrl() + '/posts/berita-yang-tidak-ada', { headers: RENDERED })).status).toBe(404)
  })

  it("streams a page's single-fetch data, and answers a redirect without a body", async () => {
    const data = await fetch(`${baseUrl()}/posts.data`, { headers: RENDERED })
    expect(data.status).toBe(200)
    expect(data.headers.get('content-type')).toMatch(/^text\/x-script/)
    expect(await data.text()).toContain('routes/_public.posts._index')
    const away = await fetch(`${baseUrl()}/admin`, { headers: RENDERED, redirect: 'manual' })
    expect(away.status).toBe(302)
    expect(away.headers.get('location')).toMatch(/\/login/)
    expect(await away.text()).toBe('')
  })

  it("gives the loaders what Remix would: its own parameters stripped, the page's kept", async () => {
    /** The posts a page of the list shows, in order. */
    const shown = async (query: string) => {
      const html = await (await fetch(`${baseUrl()}/posts${query}`, { headers: RENDERED })).text()
      return [...html.matchAll(/href="\/posts\/([^"?#]+)"/g)].map((match) => match[1])
    }
    const first = await shown('')
    const second = await shown('?page=2')
    expect(second.length).toBeGreaterThan(0)
    expect(second).not.toEqual(first)
    // An empty `index` is Remix's (stripped before the loader), the page number the loader's.
    expect(await shown('?index&page=2')).toEqual(second)
    expect(await shown('?page=2&index=')).toEqual(second)
  })
})
