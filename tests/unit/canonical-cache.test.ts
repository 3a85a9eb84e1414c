import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
// @ts-expect-error express ships without types here (the server around the app is plain JavaScript)
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { responseCache } from '../../server/response-cache.mjs'
import { applyMigrations } from '../support/migrations'

// The modules below open the database on first use: point them at a throw-away one, migrated, with 20 posts.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-unit-cache-'))
const dbFile = path.join(root, 'unit.db')
process.env.DATABASE_URL = `file:${dbFile}`
process.env.UPLOADS_DIR = path.join(root, 'uploads')
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))
{
  const db = new Database(dbFile)
  applyMigrations(db)
  db.exec("INSERT INTO categories (id, name, slug, updated_at) VALUES (1, 'c', 'c', '2026-01-01')")
  const post = db.prepare(
    "INSERT INTO posts (title, slug, content, category_id, updated_at) VALUES (?, ?, '', 1, '2026-01-01')",
  )
  for (let i = 1; i <= 20; i++) post.run(`Berita ${i}`, `berita-${i}`)
  db.close()
}

let canonical: typeof import('~/doors/public.server').canonicalPublicUrl
let listPage: typeof import('~/models/crud.server').listPage
let cachedRead: typeof import('~/public-reads/read-memo.server').cachedRead
let prisma: typeof import('~/utils/db.server').prisma
beforeAll(async () => {
  canonical = (await import('~/doors/public.server')).canonicalPublicUrl
  listPage = (await import('~/models/crud.server')).listPage
  cachedRead = (await import('~/public-reads/read-memo.server')).cachedRead
  prisma = (await import('~/utils/db.server')).prisma
  // The first import of the app's server modules (Prisma, the routes' helpers) takes seconds on a busy machine.
}, 60_000)

describe('canonicalPublicUrl', () => {
  it('drops what a route does not read, tracking parameters first', () => {
    expect(canonical('/?fbclid=IwAR0abc')).toBe('/')
    expect(canonical('/?utm_source=wa&utm_medium=social&gclid=x&anything=1')).toBe('/')
    expect(canonical('/posts/musyawarah-desa?fbclid=1&page=3')).toBe('/posts/musyawarah-desa')
    expect(canonical('/aparaturs/12?x=1')).toBe('/aparaturs/12')
    expect(canonical('/privacy?ref=footer')).toBe('/privacy')
    expect(canonical('/sitemap.xml?x=1')).toBe('/sitemap.xml')
    expect(canonical('/api/public/posts_home?_=123')).toBe('/api/public/posts_home')
    expect(canonical('/api/public/posts/some-slug?utm_campaign=x')).toBe('/api/public/posts/some-slug')
  })

  it('normalises page, search and limit as the lists read them', () => {
    expect(canonical('/posts?page=1')).toBe('/posts')
    expect(canonical('/posts?page=abc&search=%20%20')).toBe('/posts')
    expect(canonical('/posts?fbclid=1&page=0002')).toBe('/posts?page=2')
    expect(canonical('/posts?search=%20Panen%20Raya%20&fbclid=1')).toBe('/posts?search=panen+raya')
    expect(canonical('/posts?search=PANEN')).toBe(canonical('/posts?search=panen'))
    // LIKE folds A-Z only: these are different searches.
    expect(canonical('/posts?search=%C3%89cole')).not.toBe(canonical('/posts?search=%C3%A9cole'))
    expect(canonical('/posts?limit=500&search=a')).toBe('/posts?search=a&limit=100')
    expect(canonical('/posts?limit=x')).toBe('/posts')
    // `limit=9` is written into the page's links, so it is not the same answer as no limit.
    expect(canonical('/posts?limit=9')).toBe('/posts?limit=9')
    // The API writes the search into its links as given: its case stays.
    expect(canonical('/api/public/products?page=2&search=%20Kopi%20&utm_source=x')).toBe(
      '/api/public/products?page=2&search=Kopi',
    )
    expect(canonical('/berita?page=3&gclid=1')).toBe('/berita?page=3')
    // Canonical forms are fixed points.
    for (const url of [
      '/posts?search=%F0%9F%8C%BE%25_%27',
      '/photos?search=' + '%F0%9F%8C%BE'.repeat(120),
      '/pages?page=7&limit=3&search=a+b',
    ]) {
      expect(canonical(canonical(url))).toBe(canonical(url))
    }
  })

  it("keeps Remix's _routes on a screen's data request", () => {
    expect(canonical('/_root.data?fbclid=1')).toBe('/_root.data')
    expect(canonical('/posts.data?page=2&fbclid=1&_routes=routes%2F_public.posts._index')).toBe(
      '/posts.data?page=2&_routes=routes%2F_public.posts._index',
    )
  })

  it('leaves the addresses of other routes exactly as they came', () => {
    for (const url of [
      '/reset-password?token=abc',
      '/__manifest?p=%2Fposts&version=1',
      '/api/public/nope?x=1',
      '/api/public/photos/1?x=1',
      '/posts/a/b?x=1',
      '/api/public/posts.data?x=1',
    ]) {
      expect(canonical(url)).toBe(url)
    }
  })
})

describe('listPage with the read memo', () => {
  it('answers pages past the last one from the count, keeping nothing of their own', async () => {
    const calls = { count: 0, findMany: 0 }
    const delegate = {
      count: (args: { where: object }) => (calls.count++, prisma.post.count(args)),
      findMany: (args: any) => (calls.findMany++, prisma.post.findMany(args)),
    }
    const list = (page: number) =>
      listPage(delegate, {
        table: 'posts',
        select: { id: true, title: true },
        searchColumns: ['title'],
        query: { page, search: '', limit: 9 },
        path: '/x',
        memo: cachedRead,
      })
    const first = await list(1)
    expect(first.data.map((row: any) => row.title)).toEqual(Array.from({ length: 9 }, (_, i) => `Berita ${20 - i}`))
    expect(calls).toEqual({ count: 1, findMany: 1 })
    // A thousand pages past the end: correct empty pages, and no read but the (kept) count.
    for (let page = 4; page < 1004; page++) {
      expect(await list(page)).toMatchObject({
        current_page: page,
        last_page: 3,
        data: [],
        from: null,
        to: null,
        total: 20,
      })
    }
    expect(calls).toEqual({ count: 1, findMany: 1 })
    // Page 1 was not pushed out by them (the memo holds 500 reads).
    await list(1)
    expect(calls).toEqual({ count: 1, findMany: 1 })
    expect((await list(3)).data.map((row: any) => row.title)).toEqual(['Berita 2', 'Berita 1'])
    expect(calls).toEqual({ count: 1, findMany: 2 })
  })
})

describe('the response cache', () => {
  let version = 1
  let server: http.Server
  let base: string
  let renders: string[]
  beforeAll(async () => {
    globalThis.__balaiDataVersion = {
      get value() {
        return version
      },
    }
    renders = []
    const cache = responseCache({ canonicalUrl: (url: string) => canonical(url) })
    const app = express()
    app.use(cache)
    app.get('*', (req: { originalUrl: string }, res: any) => {
      renders.push(req.originalUrl)
      if (/page=(\d{3,})/.test(req.originalUrl)) res.locals.skipResponseCache = true
      res.type('text/plain').send(`rendered ${req.originalUrl} #${renders.length}`)
    })
    server = http.createServer((req, res) => {
      if (!cache.tryReplay(req, res, () => ((res as any).locals = {}))) app(req, res)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))
  const get = async (url: string, headers: Record<string, string> = {}) => (await fetch(base + url, { headers })).text()

  it('answers every form of an address from one entry, rendered from the canonical form', async () => {
    const first = await get('/posts?search=Panen&utm_source=whatsapp&page=1')
    expect(first).toBe('rendered /posts?search=panen #1')
    expect(await get('/posts?search=panen')).toBe(first)
    expect(await get('/posts?fbclid=abc&search=%20PANEN%20')).toBe(first)
    expect(renders).toEqual(['/posts?search=panen'])
    // A visitor with cookies is never answered from (or stored in) the cache, and sees what it asked for.
    expect(await get('/posts?search=Panen&x=1', { cookie: 'a=b' })).toBe('rendered /posts?search=Panen&x=1 #2')
  })

  it('keeps nothing the app marked, such as a page past the end', async () => {
    expect(await get('/posts?page=999')).toBe('rendered /posts?page=999 #3')
    expect(await get('/posts?page=999&fbclid=1')).toBe('rendered /posts?page=999 #4')
  })

  it('starts afresh after a write', async () => {
    version++
    expect(await get('/?gclid=1')).toBe('rendered / #5')
    expect(await get('/?gclid=2')).toBe('rendered / #5')
  })
})
