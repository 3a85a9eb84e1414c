import path from 'node:path'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { BUILD_DIR } from '../support/server'
import { MAX_PATHS, memoiseRouteMatching } from '../../server/route-matching.mjs'

// server/route-matching.mjs keeps React Router's matchRoutes answers per route tree shape and path. Checked here
// against the original on the app's own route tree (the production build's), path by path, on the first call (kept),
// the second (answered from what was kept) and on a new tree of the same shape (Remix builds one per render).

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Route[] }
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route }
type MatchRoutes = (routes: Route[], location: string | { pathname: string }, basename?: string) => Match[] | null

const router = createRequire(import.meta.url)('@remix-run/router') as { matchRoutes: MatchRoutes; parsePath: unknown }
// The memo under test wraps a copy of the module's functions, so the original stays the original.
const original = router.matchRoutes
const memoised = memoiseRouteMatching({ matchRoutes: original, parsePath: router.parsePath }) as MatchRoutes

let manifest: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }>
/** The tree as Remix's server runtime builds it from the manifest: a new set of objects each time. */
const tree = (parentId = ''): Route[] =>
  Object.values(manifest)
    .filter((route) => (route.parentId ?? '') === parentId)
    .map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: tree(route.id),
    }))

/** Every route's own path with its parameters filled, and addresses no route has, odd ones included. */
let paths: string[]

beforeAll(async () => {
  manifest = (await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href)).routes
  const full = (id: string): string => {
    const route = manifest[id]
    const own = route.path ?? ''
    return route.parentId ? `${full(route.parentId)}/${own}` : own
  }
  const routePaths = Object.keys(manifest).map((id) =>
    `/${full(id)}`
      .replace(/\/+/g, '/')
      .replace(/:(\w+)\??/g, 'nilai-$1')
      .replace(/\*$/, 'sisa/jalan'),
  )
  expect(routePaths.length).toBeGreaterThan(40)
  paths = [
    ...routePaths,
    '/',
    '/posts',
    '/posts/',
    '/POSTS',
    '/posts/a%20b',
    '/posts/%E2%82%AC-harga',
    '/posts/a/b/c',
    '//posts',
    '/posts.data',
    '/tidak-ada',
    '/admin',
    '/admin/posts/12/edit',
    '/api/public/posts',
    '/api/public/posts/judul',
    '/api/admin/posts/3',
    '/reset-password/abc',
    '/%ff',
  ]
})

const plain = (matches: Match[] | null) =>
  matches?.map((match) => ({ ...match, params: { ...match.params }, route: match.route.id })) ?? null

describe('the memoised matchRoutes', () => {
  it('answers as the original, kept or not, on every path of the app', () => {
    const routes = tree()
    for (const pathname of paths) {
      const expected = original(routes, pathname)
      for (const call of ['first', 'kept']) {
        const got = memoised(routes, pathname)
        expect(plain(got), `${call} ${pathname}`).toEqual(plain(expected))
        got?.forEach((match, index) => expect(match.route, pathname).toBe(expected![index].route))
      }
      // A location object, and a path with its query and hash, as the router passes them.
      expect(plain(memoised(routes, { pathname })), pathname).toEqual(plain(expected))
      expect(plain(memoised(routes, `${pathname}?page=2#atas`)), pathname).toEqual(plain(expected))
    }
  })

  it("hands back a new tree's own route objects, and params of its own that the matches share", () => {
    const first = tree()
    const second = tree()
    const kept = memoised(first, '/posts/judul-berita')!
    const again = memoised(second, '/posts/judul-berita')!
    expect(again.map((match) => match.route)).toEqual(
      original(second, '/posts/judul-berita')!.map((match) => match.route),
    )
    again.forEach((match, index) => {
      expect(match.route).not.toBe(kept[index].route)
      expect(match.params).toBe(again[0].params)
    })
    again[0].params.slug = 'diubah'
    expect(Object.values(memoised(second, '/posts/judul-berita')![0].params)).toContain('judul-berita')
  })

  it('tells trees of different shapes apart, and a basename', () => {
    const routes = tree()
    const other: Route[] = [{ id: 'lain', path: '/', children: [{ id: 'lain-posts', path: 'posts', children: [] }] }]
    expect(memoised(routes, '/posts')!.at(-1)!.route.id).not.toBe('lain-posts')
    expect(memoised(other, '/posts')!.at(-1)!.route.id).toBe('lain-posts')
    expect(plain(memoised(routes, '/desa/posts', '/desa'))).toEqual(plain(original(routes, '/desa/posts', '/desa')))
    expect(memoised(routes, '/posts', '/desa')).toBeNull()
  })

  it('keeps a bounded number of paths', () => {
    const routes = tree()
    for (let n = 0; n < MAX_PATHS + 50; n++) memoised(routes, `/posts/berita-${n}`)
    expect((memoised as unknown as { size: () => number }).size()).toBe(MAX_PATHS)
    expect(plain(memoised(routes, '/posts/berita-0'))).toEqual(plain(original(routes, '/posts/berita-0')))
  })
})

describe('the version it is measured and tested with', () => {
  it('is the @remix-run/router that docs/decisions/032-route-matching-memo.md names', async () => {
    const fs = await import('node:fs')
    const decision = fs.readFileSync(path.join(__dirname, '../../docs/decisions/032-route-matching-memo.md'), 'utf8')
    const pinned = /`@remix-run\/router` (\d+\.\d+\.\d+)/.exec(decision)?.[1]
    const installed = createRequire(import.meta.url)('@remix-run/router/package.json').version
    expect(installed).toBe(pinned)
  })
})
