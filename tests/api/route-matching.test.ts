import path from 'node:path'
import Module, { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { BUILD_DIR } from '../support/server'
import { UNSAFE_convertRoutesToDataRoutes as convertRoutesToDataRoutes } from '@remix-run/router'
import {
  compileRouterWithKeptMatching,
  DATA_ROUTES_CALL,
  keepDataRouteTree,
  keepServerRouteTree,
  MAX_PATHS,
  memoiseRouteMatching,
  withKeptMatching,
} from '../../server/remix-adapter.mjs'

// server/remix-adapter.mjs keeps React Router's matchRoutes answers per route tree shape and path. Checked here
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

type StaticHandler = { query: (request: Request) => Promise<{ matches: { route: { id: string } }[] } | Response> }
type Router = {
  matchRoutes: MatchRoutes
  parsePath: unknown
  createStaticHandler: (routes: Route[]) => StaticHandler
  keptMatching?: boolean
}

describe("the router's own matching, kept (docs/decisions/054-route-matching-inside-the-router.md)", () => {
  const compiled = () => compileRouterWithKeptMatching()!.exports as Router

  it('applies to the installed @remix-run/router, whose file stays as it is', async () => {
    const fs = await import('node:fs')
    const file = createRequire(import.meta.url).resolve('@remix-run/router')
    const source = fs.readFileSync(file, 'utf8')
    expect(withKeptMatching(source)).not.toBeNull()
    expect(source).not.toContain('keptMatching')
    expect(compiled().keptMatching).toBe(true)
    // A source these edits were not made for is loaded as it is.
    expect(withKeptMatching(source.replace('function compilePath(', 'function compilePath2('))).toBeNull()
  })

  it('answers as the original on every path, again from what it kept, and after the tree grows', () => {
    const kept = compiled()
    const routes = tree()
    for (const pathname of paths)
      for (const call of ['first', 'kept']) {
        const got = kept.matchRoutes(routes, pathname)
        expect(plain(got), `${call} ${pathname}`).toEqual(plain(original(routes, pathname)))
      }
    // A route added to the same tree object is matched from then on.
    routes[0].children.push({ id: 'baru', path: 'rute-baru-sekali', children: [] })
    expect(kept.matchRoutes(routes, '/rute-baru-sekali')?.at(-1)?.route.id).toBe('baru')
    expect(plain(kept.matchRoutes(routes, '/rute-baru-sekali'))).toEqual(plain(original(routes, '/rute-baru-sekali')))
  })

  it('tries only the branches whose first segment can match, with the same answers, partial ones included', async () => {
    const fs = await import('node:fs')
    const file = createRequire(import.meta.url).resolve('@remix-run/router')
    // Partial matching (the lazy route discovery's) is inside the router only: both copies export it for this test.
    const partial = '\nexports.partialForTest = (routes, path) => matchRoutesImpl(routes, path, "/", true);\n'
    const source = fs.readFileSync(file, 'utf8') + partial
    const load = (text: string) => {
      const module = new (
        Module as unknown as new (id: string) => NodeModule & { _compile: (t: string, f: string) => void }
      )(file)
      module.filename = file
      module.paths = (Module as unknown as { _nodeModulePaths: (dir: string) => string[] })._nodeModulePaths(
        path.dirname(file),
      )
      module._compile(text, file)
      return module.exports as Router & { partialForTest: MatchRoutes }
    }
    const plainCopy = load(source)
    const kept = compileRouterWithKeptMatching(source)!.exports as Router & { partialForTest: MatchRoutes }
    const routes = tree()
    const odd = [
      '/Posts/Judul',
      '/pOsTs',
      '//posts/x',
      '///',
      '/%70osts/x',
      '/posts%2Fx',
      '/k\u212Aabar',
      '/berita.data',
    ]
    for (const pathname of [...paths, ...odd, ...paths.map((each) => `${each}/lagi/lebih/dalam`)]) {
      expect(plain(kept.matchRoutes(routes, pathname)), pathname).toEqual(plain(original(routes, pathname)))
      expect(plain(kept.partialForTest(routes, pathname)), `partial ${pathname}`).toEqual(
        plain(plainCopy.partialForTest(routes, pathname)),
      )
    }
    // A route whose path has capitals or asks for its case, added to the tree, is matched as before.
    routes[0].children.push(
      { id: 'kapital', path: 'Rute-Kapital/:id', children: [] },
      { id: 'persis', path: 'Persis', caseSensitive: true, children: [] },
    )
    for (const pathname of ['/rute-kapital/1', '/RUTE-KAPITAL/2', '/Persis', '/persis'])
      expect(plain(kept.matchRoutes(routes, pathname)), pathname).toEqual(plain(original(routes, pathname)))
  })

  it("gives the static handler's own matching the memo, with the same answers", async () => {
    const plainRouter = createRequire(import.meta.url)('@remix-run/router') as Router
    const kept = compiled()
    const memo = memoiseRouteMatching(kept) as unknown as { size: () => number }
    // As Remix hands the tree to the handler: no (empty) children on a route that has none.
    const handlerTree = (routes: Route[] = tree()): Route[] =>
      routes.map(
        ({ children, ...route }) => (children.length ? { ...route, children: handlerTree(children) } : route) as Route,
      )
    const ownHandler = plainRouter.createStaticHandler(handlerTree())
    const keptHandler = kept.createStaticHandler(handlerTree())
    const ids = (context: Awaited<ReturnType<StaticHandler['query']>>) =>
      context instanceof Response ? context.status : context.matches.map((match) => match.route.id)
    const before = memo.size()
    for (const pathname of ['/', '/posts', '/posts/judul-berita', '/tidak-ada', '/admin/posts']) {
      const request = () => new Request(`http://desa.test${pathname}`)
      expect(ids(await keptHandler.query(request())), pathname).toEqual(ids(await ownHandler.query(request())))
    }
    // The handler's calls went through the memo (it kept their paths).
    expect(memo.size()).toBeGreaterThan(before)
  })
})

describe("Remix's render route tree, kept per manifest", () => {
  it('is built once per manifest and modules, and again when a module changes', () => {
    let built = 0
    const routes = {
      createServerRoutes: (manifest: object, modules: object, future: object, spa: boolean) => {
        built++
        return [{ manifest, modules, future, spa }]
      },
    }
    const keep = keepServerRouteTree(routes) as (...args: unknown[]) => unknown
    const manifest = { root: { id: 'root' } }
    const future = {}
    const modules = { root: { default: () => null } }
    const first = keep(manifest, { ...modules }, future, false)
    expect(keep(manifest, { ...modules }, future, false)).toBe(first)
    expect(built).toBe(1)
    expect(keep(manifest, { root: { default: () => null } }, future, false)).not.toBe(first)
    expect(keep({ ...manifest }, { ...modules }, future, false)).not.toBe(first)
    expect(keep(manifest, { ...modules }, future, true)).not.toBe(first)
    expect(built).toBe(4)
    expect(keepServerRouteTree(routes)).toBe(keep)
  })
})

describe("React Router's data route tree, kept per tree", () => {
  it('is copied once per tree and map, the static router getting the kept routes and its id index', () => {
    const router = { UNSAFE_convertRoutesToDataRoutes: convertRoutesToDataRoutes }
    const staticRouter = `${DATA_ROUTES_CALL};`
    type Index = Parameters<typeof convertRoutesToDataRoutes>[3]
    const keep = keepDataRouteTree(router, staticRouter) as typeof convertRoutesToDataRoutes
    const map = (route: object) => ({ hasErrorBoundary: 'ErrorBoundary' in route })
    const tree = [{ id: 'root', path: '/', children: [{ id: 'posts', path: 'posts' }] }]
    const first: Index = {}
    const routes = keep(tree, map, undefined, first)
    expect(routes[0].id).toBe('root')
    expect(first?.root).toBe(routes[0])
    expect(first?.posts?.path).toBe('posts')
    const second: Index = {}
    expect(keep(tree, map, undefined, second)).toBe(routes)
    expect(second?.posts).toBe(first?.posts)
    expect(second?.root).toBe(routes[0])
    // Another tree, another map, a parent path or a filled index: copied again.
    expect(keep([...tree], map, undefined, {})).not.toBe(routes)
    expect(keep(tree, (route: object) => ({ ...map(route) }), undefined, {})).not.toBe(routes)
    expect(keep(tree, map, ['0'], {})).not.toBe(routes)
    expect(keep(tree, map, undefined, { other: routes[0] })).not.toBe(routes)
    expect(keepDataRouteTree(router, staticRouter)).toBe(keep)
  })
})

describe('the versions they are measured and tested with', () => {
  const pinned = async (record: string, name: string) => {
    const fs = await import('node:fs')
    const decision = fs.readFileSync(path.join(__dirname, `../../docs/decisions/${record}`), 'utf8')
    return new RegExp(`\`${name.replace('/', '\\/')}\` (\\d+\\.\\d+\\.\\d+)`).exec(decision)?.[1]
  }
  const installed = (name: string) => createRequire(import.meta.url)(`${name}/package.json`).version

  it('are the @remix-run/router and @remix-run/react that the decision records name', async () => {
    expect(installed('@remix-run/router')).toBe(await pinned('032-route-matching-memo.md', '@remix-run/router'))
    const record = '054-route-matching-inside-the-router.md'
    expect(installed('@remix-run/router')).toBe(await pinned(record, '@remix-run/router'))
    expect(installed('@remix-run/react')).toBe(await pinned(record, '@remix-run/react'))
  })
})
