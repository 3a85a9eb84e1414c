import fs from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import {
  CALL_ROUTE_LOADER,
  compileRouterWithKeptMatching,
  DATA_ROUTES_CALL,
  ENTRY_MODULES_CALL,
  FITTED_VERSIONS,
  functionDigest,
  installedVersion,
  keepDataRouteTree,
  keepEntryRouteModules,
  keepServerRouteTree,
  LOADER_CALL,
  memoiseRouteMatching,
  RemixAdapterMisfit,
  shareLoaderRequest,
  STRIP_FUNCTIONS,
  withoutMessages,
} from '../../server/remix-adapter.mjs'

// server/remix-adapter.mjs edits Remix, React Router and Node's HTTP server (decisions 068 to 070). An upgrade must
// not turn an edit off in silence: the server refuses to start (installRemixAdapter throws) when an installed version
// is not the fitted one, or when the source or the module an edit reaches is not what the edit was made for. Proved
// here on copies: the router's source text changed where each edit goes, modules without what the edits replace.
const require = createRequire(import.meta.url)
const routerSource = fs.readFileSync(require.resolve('@remix-run/router'), 'utf8')
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'))

describe('the Remix adapter', () => {
  it('is fitted to the installed versions, which package.json pins exactly', () => {
    for (const [name, version] of Object.entries(FITTED_VERSIONS)) {
      expect(installedVersion(name), name).toBe(version)
      expect(pkg.dependencies[name] ?? pkg.devDependencies[name], name).toBe(version)
    }
    expect(pkg.devDependencies['@remix-run/dev']).toBe(FITTED_VERSIONS['@remix-run/react'])
    expect(pkg.dependencies['@remix-run/express']).toBe(FITTED_VERSIONS['@remix-run/react'])
  })

  it('compiles the installed router with its edits', () => {
    const compiled = compileRouterWithKeptMatching(routerSource)
    expect(compiled.exports.keptMatching).toBe(true)
    expect(typeof compiled.exports.keepMatchRoutes).toBe('function')
  })

  it.each([
    [
      'matchRoutesImpl',
      'function matchRoutesImpl(routes, locationArg, basename, allowPartial) {\n',
      'function x() {\n',
    ],
    ['the ranked branches', '  let branches = flattenRoutes(routes);\n', '  let branches = flatten(routes);\n'],
    ['compilePath', 'function compilePath(path, caseSensitive, end) {\n', 'function compilePath(path, options) {\n'],
    ['the decoded path (decision 089)', '  let decoded = decodePath(pathname);\n', '  let decoded = pathname;\n'],
    [
      'the branch loop (decision 089)',
      '    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n',
      '    matches = matchBranch(branches[i], decoded, allowPartial);\n',
    ],
  ])('refuses a router whose %s changed', (_what, from, to) => {
    expect(routerSource).toContain(from)
    const changed = routerSource.replace(from, to)
    expect(() => compileRouterWithKeptMatching(changed)).toThrow(RemixAdapterMisfit)
    expect(() => compileRouterWithKeptMatching(changed)).toThrow(/no longer fits @remix-run\/router/)
  })

  it('refuses a router without matchRoutes and a routes module without createServerRoutes of four arguments', () => {
    expect(() => memoiseRouteMatching({ parsePath: () => ({}) })).toThrow(RemixAdapterMisfit)
    expect(() => keepServerRouteTree({})).toThrow(RemixAdapterMisfit)
    expect(() => keepServerRouteTree({ createServerRoutes: (manifest: unknown) => manifest })).toThrow(
      RemixAdapterMisfit,
    )
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const routes = { createServerRoutes: (_m: unknown, _r: unknown, _f: unknown, _s: unknown) => [] }
    expect(keepServerRouteTree(routes)).toBe(routes.createServerRoutes)
  })

  it('refuses a router without convertRoutesToDataRoutes and a react-router-dom that no longer calls it so', () => {
    const staticRouter = fs.readFileSync(require.resolve('react-router-dom/server'), 'utf8')
    expect(staticRouter).toContain(DATA_ROUTES_CALL)
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const convert = (_r: unknown, _m: unknown, _p: unknown, _i: unknown) => []
    expect(() => keepDataRouteTree({}, staticRouter)).toThrow(RemixAdapterMisfit)
    expect(() => keepDataRouteTree({ UNSAFE_convertRoutesToDataRoutes: (r: unknown) => r }, staticRouter)).toThrow(
      RemixAdapterMisfit,
    )
    const changed = staticRouter.replace(DATA_ROUTES_CALL, 'convertRoutesToDataRoutes(routes)')
    expect(() => keepDataRouteTree({ UNSAFE_convertRoutesToDataRoutes: convert }, changed)).toThrow(
      /no longer fits react-router-dom/,
    )
  })

  it('refuses a server runtime without createEntryRouteModules(manifest), or whose document request no longer calls it', () => {
    const serverSource = fs.readFileSync(require.resolve('@remix-run/server-runtime/dist/server.js'), 'utf8')
    expect(serverSource).toContain(ENTRY_MODULES_CALL)
    const make = (manifest: Record<string, { module: unknown }>) =>
      Object.fromEntries(Object.entries(manifest).map(([id, route]) => [id, route.module]))
    expect(() => keepEntryRouteModules({}, serverSource)).toThrow(RemixAdapterMisfit)
    expect(() => keepEntryRouteModules({ createEntryRouteModules: () => ({}) }, serverSource)).toThrow(
      RemixAdapterMisfit,
    )
    const changed = serverSource.replace(ENTRY_MODULES_CALL, 'routeModules: createEntryRouteModules(build.routes)')
    expect(() => keepEntryRouteModules({ createEntryRouteModules: make }, changed)).toThrow(
      /no longer fits @remix-run\/server-runtime/,
    )
    // Kept per routes object, frozen: the same object for every page of a build, another for another build.
    const entry = { createEntryRouteModules: make }
    const kept = keepEntryRouteModules(entry, serverSource)
    expect(entry.createEntryRouteModules).toBe(kept)
    const routes = { root: { module: { default: 1 } } }
    expect(kept(routes)).toEqual({ root: { default: 1 } })
    expect(kept(routes)).toBe(kept(routes))
    expect(Object.isFrozen(kept(routes))).toBe(true)
    expect(kept({ ...routes })).not.toBe(kept(routes))
  })

  it("is fitted to the installed runtime's callRouteLoader, and refuses another one or a route tree that calls it otherwise", () => {
    const data = require('@remix-run/server-runtime/dist/data.js')
    const responses = require('@remix-run/server-runtime/dist/responses.js')
    const routesSource = fs.readFileSync(require.resolve('@remix-run/server-runtime/dist/routes.js'), 'utf8')
    expect(withoutMessages(String(data.callRouteLoader))).toBe(CALL_ROUTE_LOADER)
    expect(routesSource).toContain(LOADER_CALL)
    // One changed line of the function, or a route tree that no longer calls it through data.js: the server stops.
    const changedLoader = new Function(
      `return ${String(data.callRouteLoader).replace('context: loadContext,', 'context: loadContext, extra: 1,')}`,
    )()
    expect(() => shareLoaderRequest({ callRouteLoader: changedLoader }, responses, routesSource)).toThrow(
      /another callRouteLoader/,
    )
    // What the copy takes the place of: Remix's two strip functions, pinned by their text's digest.
    const dataSource = fs.readFileSync(require.resolve('@remix-run/server-runtime/dist/data.js'), 'utf8')
    for (const [name, digest] of Object.entries(STRIP_FUNCTIONS)) expect(functionDigest(dataSource, name)).toBe(digest)
    const stripsMore = dataSource.replace('url.searchParams.delete("_routes");', 'url.searchParams.delete("_r");')
    expect(stripsMore).not.toBe(dataSource)
    expect(() =>
      shareLoaderRequest({ callRouteLoader: data.callRouteLoader }, responses, routesSource, stripsMore),
    ).toThrow(/another stripRoutesParam/)
    const changedRoutes = routesSource.replace(/data\.callRouteLoader\(/g, 'callRouteLoader(')
    expect(() => shareLoaderRequest({ callRouteLoader: data.callRouteLoader }, responses, changedRoutes)).toThrow(
      /no longer calls the loaders through data.js/,
    )
  })

  it("gives a page's loaders the request itself when Remix would strip nothing from it, else Remix's copy", async () => {
    const data = require('@remix-run/server-runtime/dist/data.js')
    const responses = require('@remix-run/server-runtime/dist/responses.js')
    const routesSource = fs.readFileSync(require.resolve('@remix-run/server-runtime/dist/routes.js'), 'utf8')
    // On a copy of the module's exports: the installed module stays as it is for the other tests.
    const module = { callRouteLoader: data.callRouteLoader }
    const call = shareLoaderRequest(module, responses, routesSource)
    expect(module.callRouteLoader).toBe(call)
    const seen: Request[] = []
    const loader = async ({ request }: { request: Request }) => (seen.push(request), { url: request.url })
    const run = (request: Request, singleFetch = true) =>
      call({ request, loader, loadContext: {}, params: {}, routeId: 'routes/x', singleFetch })

    for (const address of ['http://desa.test/posts', 'http://desa.test/posts?page=2&search=index%20x']) {
      const request = new Request(address)
      expect(await run(request)).toEqual({ url: address })
      expect(seen.at(-1)).toBe(request)
      const head = new Request(address, { method: 'HEAD' })
      await run(head)
      expect(seen.at(-1)).toBe(head)
    }
    // Remix's own parameters (an empty index, _routes, even encoded), a POST, no single fetch: Remix's copy.
    for (const [address, stripped] of [
      ['http://desa.test/posts?index&page=2', 'http://desa.test/posts?page=2'],
      ['http://desa.test/posts?page=2&_routes=root', 'http://desa.test/posts?page=2'],
      ['http://desa.test/posts?%69ndex=&page=2', 'http://desa.test/posts?page=2'],
      ['http://desa.test/posts?page=2&index#x', 'http://desa.test/posts?page=2#x'],
    ]) {
      const request = new Request(address)
      expect(await run(request)).toEqual({ url: stripped })
      expect(seen.at(-1)).not.toBe(request)
    }
    const post = new Request('http://desa.test/posts', { method: 'POST', body: 'a=1' })
    await run(post)
    expect(seen.at(-1)).not.toBe(post)
    const plain = new Request('http://desa.test/posts')
    await run(plain, false)
    expect(seen.at(-1)).not.toBe(plain)

    // What Remix's own does with what a loader returns: undefined is an error, a deferred redirect a redirect.
    await expect(
      call({
        request: plain,
        loader: async () => undefined,
        loadContext: {},
        params: {},
        routeId: 'routes/y',
        singleFetch: true,
      }),
    ).rejects.toThrow(/You defined a loader for route "routes\/y" but didn't return anything/)
    const deferred = responses.defer({ a: 1 }, { status: 302, headers: { Location: '/elsewhere' } })
    const answer = await call({
      request: plain,
      loader: async () => deferred,
      loadContext: {},
      params: {},
      routeId: 'z',
      singleFetch: true,
    })
    expect(answer).toBeInstanceOf(Response)
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe('/elsewhere')
    const kept = responses.defer({ a: 1 })
    expect(
      await call({
        request: plain,
        loader: async () => kept,
        loadContext: {},
        params: {},
        routeId: 'z',
        singleFetch: true,
      }),
    ).toBe(kept)
    const plainData = { a: 1 }
    expect(
      await call({
        request: plain,
        loader: async () => plainData,
        loadContext: {},
        params: {},
        routeId: 'z',
        singleFetch: true,
      }),
    ).toBe(plainData)
  })

  it('knows the frozen modules object its tree was kept for at a glance, and compares any other key by key', () => {
    let built = 0
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const routes = { createServerRoutes: (_m: unknown, _r: unknown, _f: unknown, _s: unknown) => [++built] }
    const create = keepServerRouteTree(routes) as (m: object, r: object, f: object, s: boolean) => number[]
    const future = {}
    const manifest = {}
    const frozen = Object.freeze({ root: { default: 1 } })
    expect(create(manifest, frozen, future, false)).toBe(create(manifest, frozen, future, false))
    expect(built).toBe(1)
    // The same object, not frozen and changed between two renders: the change is seen.
    const other = {}
    const open: Record<string, unknown> = { root: { default: 1 } }
    create(other, open, future, false)
    create(other, open, future, false)
    expect(built).toBe(2)
    open.root = { default: 2 }
    create(other, open, future, false)
    expect(built).toBe(3)
  })
})
