import { describe, expect, it } from 'vitest'
import { baseUrl } from '../support/api'

// A page's loaders get the request itself when Remix would strip nothing from it, and Remix's copy when it would
// (server/remix-adapter.mjs, 5., decision 091): over HTTP, on the app's own pages, what the loaders see is what
// Remix's copies showed them.
const RENDERED = { Cookie: 'bench=1' }

/** The posts a page of the news list shows, in order. */
const shown = async (query: string) => {
  const page = await fetch(`${baseUrl()}/posts${query}`, { headers: RENDERED })
  expect(page.status).toBe(200)
  expect(page.headers.get('x-cache')).toBeNull()
  return [...(await page.text()).matchAll(/href="\/posts\/([^"?#]+)"/g)].map((match) => match[1])
}

describe("a page's loaders", () => {
  it("read the page's own parameters, and not Remix's empty `index`", async () => {
    const first = await shown('')
    const second = await shown('?page=2')
    expect(second.length).toBeGreaterThan(0)
    expect(second).not.toEqual(first)
    expect(await shown('?index&page=2')).toEqual(second)
    expect(await shown('?page=2&index=')).toEqual(second)
    expect(await shown('?%69ndex&page=2')).toEqual(second)
  })

  it('answer the single-fetch data of a page, a HEAD and a 404 as before', async () => {
    const data = await fetch(`${baseUrl()}/posts.data?page=2`, { headers: RENDERED })
    expect(data.status).toBe(200)
    expect(data.headers.get('content-type')).toMatch(/^text\/x-script/)
    expect(await data.text()).toContain('routes/_public.posts._index')
    const head = await fetch(`${baseUrl()}/posts?page=2`, { method: 'HEAD', headers: RENDERED })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const missing = await fetch(`${baseUrl()}/posts/berita-yang-tidak-ada`, { headers: RENDERED })
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('<!DOCTYPE html>')
  })

  it("see the address as it was asked, and Remix's copy of it when it has one of Remix's parameters", async () => {
    // The sign-in redirect of an admin screen carries the address its loader saw.
    const seen = async (query: string) => {
      const away = await fetch(`${baseUrl()}/admin/posts${query}`, { redirect: 'manual' })
      expect(away.status).toBe(302)
      return new URL(away.headers.get('location') ?? '', baseUrl()).searchParams.get('redirectTo')
    }
    expect(await seen('?search=a%20b')).toBe('/admin/posts?search=a%20b')
    // Remix's copy wrote the query out again.
    expect(await seen('?index&search=a%20b')).toBe('/admin/posts?search=a+b')
  })
})
