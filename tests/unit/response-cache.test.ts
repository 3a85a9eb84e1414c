import http from 'node:http'
import type { AddressInfo } from 'node:net'
// @ts-expect-error express ships without types here (the server around the app is plain JavaScript)
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listQuery, noQuery, onlyQuery } from '~/lib/cache-keys'
import { directReads } from '../../server/remix-adapter.mjs'
import { responseCache, sharedRoutes } from '../../server/response-cache.mjs'
import { page, rootRoutes, route } from '../support/route-build'

// The response cache (server/response-cache.mjs) with a build of a few routes declared as the app's are: what each
// address is stored under (the route's own handle.cacheKey), what it answers from memory, what it answers by calling
// a public resource route's loader, and what it leaves to the handler behind it (Remix in the server).

const calls: { route: string; url: string; params: unknown; context: unknown }[] = []
const loader =
  (route: string, answer?: (url: URL) => unknown) =>
  (args: { request: Request; params: unknown; context: unknown }) => {
    calls.push({ route, url: args.request.url, params: args.params, context: args.context })
    const url = new URL(args.request.url)
    if (answer) return answer(url)
    return new Response(JSON.stringify({ route, query: url.search }), {
      status: 200,
      statusText: 'OK',
      headers: { 'Content-Type': 'application/json', 'X-Route': route },
    })
  }

const build = {
  basename: undefined,
  routes: {
    ...rootRoutes(),
    ...route('routes/_public._index', undefined, { ...page, handle: { cacheKey: noQuery } }, 'routes/_public', true),
    ...route('routes/_public.posts._index', 'posts', { ...page, handle: { cacheKey: listQuery() } }, 'routes/_public'),
    ...route('routes/_public.posts.$slug', 'posts/:slug', { ...page, handle: { cacheKey: noQuery } }, 'routes/_public'),
    ...route('routes/_public.agenda', 'agenda', { ...page, handle: { cacheKey: listQuery('when') } }, 'routes/_public'),
    ...route('routes/_public.cari', 'cari', { ...page, handle: { cacheKey: onlyQuery('q') } }, 'routes/_public'),
    ...route('routes/admin', 'admin', { default: () => null, loader: () => null }),
    ...route('routes/api.public.$resource', 'api/public/:resource', {
      loader: loader('list'),
      handle: { cacheKey: listQuery() },
    }),
    ...route(
      'routes/api.public.$resource.$key',
      ':key',
      { loader: loader('detail'), handle: { cacheKey: noQuery } },
      'routes/api.public.$resource',
    ),
    ...route('routes/api.public.sliders', 'api/public/sliders', {
      loader: loader('sliders'),
      handle: { cacheKey: noQuery },
    }),
    ...route('routes/api.public.broken', 'api/public/broken', {
      loader: loader('broken', () => {
        throw new Error('boom')
      }),
      handle: { cacheKey: noQuery },
    }),
    ...route('routes/api.public.plain', 'api/public/plain', {
      loader: loader('plain', () => ({ not: 'a Response' })),
      handle: { cacheKey: noQuery },
    }),
    ...route('routes/api.admin.$resource', 'api/admin/:resource', { loader: loader('admin') }),
    ...route('routes/$', '*', { default: () => null, loader: () => null }),
  },
}

describe('the canonical address of a shared route (its handle.cacheKey)', () => {
  const shared = sharedRoutes(build)
  const canonical = (url: string) => shared(url)?.url ?? null

  it('drops what a route does not read, tracking parameters first', () => {
    expect(canonical('/?fbclid=IwAR0abc')).toBe('/')
    expect(canonical('/?utm_source=wa&utm_medium=social&gclid=x&anything=1')).toBe('/')
    expect(canonical('/posts/musyawarah-desa?fbclid=1&page=3')).toBe('/posts/musyawarah-desa')
    expect(canonical('/api/public/sliders?_=123')).toBe('/api/public/sliders')
    expect(canonical('/api/public/posts/some-slug?utm_campaign=x')).toBe('/api/public/posts/some-slug')
  })

  it('normalises page, search and limit as the lists read them, keeping the search as typed', () => {
    expect(canonical('/posts?page=1')).toBe('/posts')
    expect(canonical('/posts?page=abc&search=%20%20')).toBe('/posts')
    expect(canonical('/posts?fbclid=1&page=0002')).toBe('/posts?page=2')
    // The screen shows the search box as the visitor typed it: case stays (the read memo shares the matches).
    expect(canonical('/posts?search=%20Panen%20Raya%20&fbclid=1')).toBe('/posts?search=Panen+Raya')
    expect(canonical('/posts?search=PANEN')).not.toBe(canonical('/posts?search=panen'))
    expect(canonical('/posts?limit=500&search=a')).toBe('/posts?search=a&limit=100')
    expect(canonical('/posts?limit=x')).toBe('/posts')
    // `limit=9` is written into the page's links, so it is not the same answer as no limit.
    expect(canonical('/posts?limit=9')).toBe('/posts?limit=9')
    expect(canonical('/api/public/products?page=2&search=%20Kopi%20&utm_source=x')).toBe(
      '/api/public/products?page=2&search=Kopi',
    )
    // A list's own filters are kept (trimmed; empty ones dropped); a search page keeps only its term.
    expect(canonical('/agenda?when=past%20&page=2&x=1')).toBe('/agenda?page=2&when=past')
    expect(canonical('/agenda?when=')).toBe('/agenda')
    expect(canonical('/cari?q=%20air%20&page=3&fbclid=1')).toBe('/cari?q=air')
    // Canonical forms are fixed points.
    for (const url of [
      '/posts?search=%F0%9F%8C%BE%25_%27',
      '/posts?search=' + '%F0%9F%8C%BE'.repeat(120),
      '/posts?page=7&limit=3&search=a+b',
      '/agenda?page=2&when=past',
    ]) {
      expect(canonical(canonical(url)!)).toBe(canonical(url))
    }
  })

  it("keeps Remix's _routes on a screen's data request, and shares no resource route's .data", () => {
    expect(canonical('/_root.data?fbclid=1')).toBe('/_root.data')
    expect(canonical('/posts.data?page=2&fbclid=1&_routes=routes%2F_public.posts._index')).toBe(
      '/posts.data?page=2&_routes=routes%2F_public.posts._index',
    )
    expect(canonical('/api/public/posts.data?x=1')).toBeNull()
  })

  it('shares nothing of a route that declares no cacheKey', () => {
    for (const url of ['/admin', '/admin/posts?search=a', '/api/admin/posts', '/reset-password/abc', '/unknown/path']) {
      expect(canonical(url), url).toBeNull()
    }
  })

  it('matches routes as Remix does: the most specific route, nested params, any letter case, encoded segments', () => {
    expect(shared('/api/public/sliders')?.route.id).toBe('routes/api.public.sliders')
    expect(shared('/api/public/posts/panen-raya')).toMatchObject({
      route: { id: 'routes/api.public.$resource.$key' },
      params: { resource: 'posts', key: 'panen-raya' },
    })
    expect(shared('/API/Public/posts')?.params).toMatchObject({ resource: 'posts' })
    expect(shared('/api/public/posts/caf%C3%A9')?.params).toMatchObject({ key: 'café' })
  })
})

describe('the response cache in front of a handler', () => {
  let version: number | undefined = 1
  let server: http.Server
  let base: string
  let renders: string[]
  beforeAll(async () => {
    renders = []
    const cache = responseCache({ build, dataVersion: () => version })
    const app = express()
    app.use(cache.middleware)
    app.get('*', (req: { originalUrl: string }, res: any) => {
      renders.push(req.originalUrl)
      if (/page=(\d{3,})/.test(req.originalUrl)) res.locals.skipResponseCache = true
      if (req.originalUrl.startsWith('/admin')) res.set('Cache-Control', 'no-store')
      res.type('text/plain').send(`rendered ${req.originalUrl} #${renders.length}`)
    })
    server = http.createServer((req, res) => {
      if (!cache.replay(req, res, () => ((res as any).locals = {}))) app(req, res)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))
  const fetched = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(base + url, { headers })
    return { text: await response.text(), hit: response.headers.get('x-cache') === 'HIT' }
  }
  const get = async (url: string, headers: Record<string, string> = {}) => (await fetched(url, headers)).text

  it('answers every form of an address from one entry, rendered from the canonical form', async () => {
    const first = await get('/posts?search=Panen&utm_source=whatsapp&page=1')
    expect(first).toBe('rendered /posts?search=Panen #1')
    expect(await fetched('/posts?search=Panen')).toEqual({ text: first, hit: true })
    expect(await get('/posts?fbclid=abc&search=%20Panen%20')).toBe(first)
    expect(renders).toEqual(['/posts?search=Panen'])
    // Another case is another answer (the visitor's words are on the page), rendered as typed.
    expect(await get('/posts?search=PANEN')).toBe('rendered /posts?search=PANEN #2')
    // A visitor with cookies is never answered from (or stored in) the cache, and sees what it asked for.
    expect(await get('/posts?search=Panen&x=1', { cookie: 'a=b' })).toBe('rendered /posts?search=Panen&x=1 #3')
  })

  it('keeps nothing the app marked, such as a page past the end, nor a route without a cacheKey', async () => {
    expect(await get('/posts?page=999')).toBe('rendered /posts?page=999 #4')
    expect(await get('/posts?page=999&fbclid=1')).toBe('rendered /posts?page=999 #5')
    expect(await get('/admin?x=1')).toBe('rendered /admin?x=1 #6')
    expect(await get('/admin?x=1')).toBe('rendered /admin?x=1 #7')
  })

  it('starts afresh after a write, and shares nothing while the version cannot be read', async () => {
    version = 2
    expect(await get('/?gclid=1')).toBe('rendered / #8')
    expect(await fetched('/?gclid=2')).toEqual({ text: 'rendered / #8', hit: true })
    version = undefined
    expect(await fetched('/?gclid=3')).toEqual({ text: 'rendered /?gclid=3 #9', hit: false })
    version = 3
  })
})

describe('the direct reads of public resource routes', () => {
  let server: http.Server
  let origin: string
  beforeAll(async () => {
    const app = express()
    type Res = { locals: Record<string, unknown>; status(code: number): { json(body: unknown): void } }
    app.use((_req: unknown, res: Res, next: () => void) => {
      res.locals.requestId = 'r1'
      next()
    })
    const cache = responseCache({ build, dataVersion: () => 1 })
    app.use(
      directReads({
        shared: cache.shared,
        getLoadContext: (_req: unknown, res: Res) => ({ requestId: res.locals.requestId }),
      }),
    )
    // What the server has behind it: Remix's request handler.
    app.all('*', (_req: unknown, res: Res) => void res.status(299).json({ remix: true }))
    server = http.createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const ask = async (path: string, init: RequestInit = {}) => {
    calls.length = 0
    const response = await fetch(origin + path, init)
    return { status: response.status, headers: response.headers, body: await response.text(), calls: [...calls] }
  }

  it('answers a GET of a public resource route with its loader, as Remix would call it', async () => {
    const answer = await ask('/api/public/posts?search=panen&page=2', { headers: { 'X-Extra': 'yes' } })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toEqual({ route: 'list', query: '?search=panen&page=2' })
    expect(answer.headers.get('x-route')).toBe('list')
    expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(answer.body)))
    expect(answer.calls).toEqual([
      {
        route: 'list',
        url: `${origin}/api/public/posts?search=panen&page=2`,
        params: { resource: 'posts' },
        context: { requestId: 'r1' },
      },
    ])
    expect((await ask('/api/public/sliders')).calls.map((call) => call.route)).toEqual(['sliders'])
  })

  it('leaves everything else to Remix', async () => {
    const toRemix = async (path: string, init?: RequestInit) => {
      const answer = await ask(path, init)
      expect(answer.status, path).toBe(299)
      if (init?.method !== 'HEAD') expect(JSON.parse(answer.body), path).toEqual({ remix: true })
    }
    await toRemix('/api/public/posts', { method: 'POST', body: '{}' })
    await toRemix('/api/public/posts', { method: 'HEAD' })
    await toRemix('/api/admin/posts')
    await toRemix('/posts')
    await toRemix('/api/public/posts.data')
    await toRemix('/api/public/posts?_data=routes%2Fapi.public.%24resource')
    await toRemix('/api/public/posts?index')
    await toRemix('/api/public/posts?_routes=root')
    // A loader that throws or does not answer with a Response: Remix runs it again and handles it as always.
    await toRemix('/api/public/broken')
    await toRemix('/api/public/plain')
  })
})
