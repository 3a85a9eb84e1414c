import http from 'node:http'
import type { AddressInfo } from 'node:net'
// @ts-expect-error express ships without types here (the server around the app is plain JavaScript)
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicApiReads } from '../../server/public-api-reads.mjs'

// The middleware in front of Remix (server/public-api-reads.mjs), with a build of a few routes: what it answers
// itself, with which arguments, and what it leaves to the handler behind it (Remix in the server).

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
      headers: { 'Content-Type': 'application/json', 'X-Route': route, ETag: 'W/"abc"' },
    })
  }

const build = {
  basename: undefined,
  routes: {
    root: { id: 'root', path: '', module: { default: () => null } },
    'routes/api.public.$resource': {
      id: 'routes/api.public.$resource',
      parentId: 'root',
      path: 'api/public/:resource',
      module: { loader: loader('list') },
    },
    'routes/api.public.$resource.$key': {
      id: 'routes/api.public.$resource.$key',
      parentId: 'routes/api.public.$resource',
      path: ':key',
      module: { loader: loader('detail') },
    },
    'routes/api.public.settings': {
      id: 'routes/api.public.settings',
      parentId: 'root',
      path: 'api/public/settings',
      module: { loader: loader('settings') },
    },
    'routes/api.public.broken': {
      id: 'routes/api.public.broken',
      parentId: 'root',
      path: 'api/public/broken',
      module: {
        loader: loader('broken', () => {
          throw new Error('boom')
        }),
      },
    },
    'routes/api.public.plain': {
      id: 'routes/api.public.plain',
      parentId: 'root',
      path: 'api/public/plain',
      module: { loader: loader('plain', () => ({ not: 'a Response' })) },
    },
    'routes/api.public.page': {
      id: 'routes/api.public.page',
      parentId: 'root',
      path: 'api/public/page',
      module: { loader: loader('page'), default: () => null },
    },
    'routes/api.admin.$resource': {
      id: 'routes/api.admin.$resource',
      parentId: 'root',
      path: 'api/admin/:resource',
      module: { loader: loader('admin') },
    },
  },
}

let server: http.Server
let origin: string
beforeAll(async () => {
  const app = express()
  type Res = { locals: Record<string, unknown>; status(code: number): { json(body: unknown): void } }
  app.use((_req: unknown, res: Res, next: () => void) => {
    res.locals.requestId = 'r1'
    next()
  })
  app.use(publicApiReads({ build, getLoadContext: (_req: unknown, res: Res) => ({ requestId: res.locals.requestId }) }))
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

describe('the public API reads in front of Remix', () => {
  it('answers a GET of a public API resource route with its loader, as Remix would call it', async () => {
    const answer = await ask('/api/public/posts?search=panen&page=2', { headers: { 'X-Extra': 'yes' } })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toEqual({ route: 'list', query: '?search=panen&page=2' })
    expect(answer.headers.get('x-route')).toBe('list')
    expect(answer.headers.get('etag')).toBe('W/"abc"')
    expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(answer.body)))
    expect(answer.calls).toEqual([
      {
        route: 'list',
        url: `${origin}/api/public/posts?search=panen&page=2`,
        params: { resource: 'posts' },
        context: { requestId: 'r1' },
      },
    ])
  })

  it('matches routes as Remix does: the most specific route, nested params, any letter case, encoded segments', async () => {
    expect((await ask('/api/public/settings')).calls.map((call) => call.route)).toEqual(['settings'])
    expect((await ask('/api/public/posts/panen-raya')).calls).toMatchObject([
      { route: 'detail', params: { resource: 'posts', key: 'panen-raya' } },
    ])
    expect((await ask('/API/Public/posts')).calls).toMatchObject([{ route: 'list', params: { resource: 'posts' } }])
    expect((await ask('/api/public/posts/caf%C3%A9')).calls).toMatchObject([
      { route: 'detail', params: { key: 'café' } },
    ])
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
    await toRemix('/api/public/page')
    await toRemix('/api/public/posts.data')
    await toRemix('/api/public/posts?_data=routes%2Fapi.public.%24resource')
    await toRemix('/api/public/posts?index')
    await toRemix('/api/public/posts?_routes=root')
    await toRemix('/api/public')
    // A loader that throws or does not answer with a Response: Remix runs it again and handles it as always.
    await toRemix('/api/public/broken')
    await toRemix('/api/public/plain')
  })
})
