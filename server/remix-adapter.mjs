// The one adapter between our server and the packages it edits (issue 36, point 1): every change this project makes to
// the inside of Remix, React Router or Node's HTTP server is here, each measured and kept for what it buys (decisions
// 068 to 070, 086, 089 and 091, docs/performance.md "Remix surgery" and its steps), and each checked to fit the
// installed version when the server starts: `installRemixAdapter` throws rather than let an upgrade turn an edit off
// in silence. The Remix packages are pinned exactly in package.json; tests/unit/remix-adapter.test.ts proves that a
// source that no longer fits fails.
//
// 1. Route matching kept (decisions 032, 054, 068): React Router's `matchRoutes` answered per tree shape and path,
//    reached through the router's exports and, inside the router, through five edits of its source text (the last
//    two: only the branches whose first segment can match are tried, decision 089).
// 2. Remix's render route tree kept per build (decisions 054, 069): `createServerRoutes` replaced on the module
//    RemixServer calls it through, React Router's copy of it into data routes kept per tree (decision 086), and the
//    server runtime's route modules object it is made of kept per build (decision 091).
// 3. Public resource routes straight to their loader (decisions 033, 070): `directReads`, a request handler beside
//    Remix's for the public API, feeds and sitemap.
// 4. Lingering close after an early answer (decision 070): `socket.destroySoon` of Node's HTTP server.
// 5. One Request for a page's loaders (decision 091): the server runtime's `callRouteLoader` without its two copies of
//    the request per loader when there is nothing to strip from it.
import crypto from 'node:crypto'
import fs from 'node:fs'
import Module, { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)

/** The versions the edits were made for and measured on; package.json pins the same. */
export const FITTED_VERSIONS = {
  '@remix-run/router': '1.23.3',
  '@remix-run/react': '2.17.5',
  '@remix-run/node': '2.17.5',
  '@remix-run/server-runtime': '2.17.5',
}

/** An installed package the adapter's edits no longer fit: the server does not start. */
export class RemixAdapterMisfit extends Error {
  name = 'RemixAdapterMisfit'
}
const misfit = (name, why) =>
  new RemixAdapterMisfit(
    `server/remix-adapter.mjs no longer fits ${name}: ${why}. Measure the edit again on this version ` +
      '(npm run bench -- --compare) and fit it, or drop it (docs/decisions/068 to 070, 086, 089 and 091).',
  )

/** The installed version of a package (its package.json, found from its main file). */
export function installedVersion(name) {
  let dir = path.dirname(require.resolve(name))
  while (
    !fs.existsSync(path.join(dir, 'package.json')) ||
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name
  ) {
    const up = path.dirname(dir)
    if (up === dir) throw misfit(name, 'its package.json cannot be found')
    dir = up
  }
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version
}

/**
 * Installs the router's edits, first thing in server.mjs (before anything loads the router); the other pieces
 * (`keepServerRouteTree`, `keepDataRouteTree`, `keepEntryRouteModules`, `shareLoaderRequest`) follow once NODE_ENV is
 * settled (the first loads React, which reads it), before the build loads. Throws a RemixAdapterMisfit when an installed
 * version is not the one the edits were made for, or an edit does not fit.
 */
export function installRemixAdapter() {
  for (const [name, version] of Object.entries(FITTED_VERSIONS)) {
    const installed = installedVersion(name)
    if (installed !== version)
      throw misfit(name, `version ${installed} is installed, the edits were made for ${version}`)
  }
  keepMatchingInsideRouter()
  memoiseRouteMatching()
}

// ---- 1. Route matching kept.
//
// Remix matches a request's path against the route tree several times per page: the server runtime to find the
// route, the render to build the router, and the lazy route discovery for the path and each of its parents. Each
// call of React Router's `matchRoutes` flattens the whole tree, ranks it and compiles the patterns it tries. The
// answer depends only on the tree's shape and the path, so it is kept here per shape and path, and handed back in
// terms of the tree of the call (its own route objects, a fresh params object shared by the matches as React Router
// shares it).

/** Paths kept (first in, first out): a list or search page keeps one path; each post detail its own. */
export const MAX_PATHS = 2000

/** What matching reads of a route tree, as a string: ids, paths, index and case flags, nesting. */
function shapeOf(routes) {
  let text = '['
  for (const route of routes)
    text += `${JSON.stringify(route.id ?? null)},${JSON.stringify(route.path ?? null)},${route.index === true ? 1 : 0}${
      route.caseSensitive === true ? 1 : 0
    }${route.children ? shapeOf(route.children) : '-'};`
  return `${text}]`
}

/** The position of `route` in the tree (child indexes from the top), or null. */
function positionOf(routes, route) {
  for (let index = 0; index < routes.length; index++) {
    if (routes[index] === route) return [index]
    const children = routes[index].children
    if (children) {
      const below = positionOf(children, route)
      if (below) return [index, ...below]
    }
  }
  return null
}

function routeAt(routes, position) {
  let route = routes[position[0]]
  for (let level = 1; level < position.length; level++) route = route.children[position[level]]
  return route
}

/**
 * Replaces `matchRoutes` of the one `@remix-run/router` module that Remix's server runtime, React Router and the
 * lazy route discovery all call through. Idempotent.
 */
export function memoiseRouteMatching(router = require('@remix-run/router')) {
  if (typeof router.matchRoutes !== 'function' || typeof router.parsePath !== 'function')
    throw misfit('@remix-run/router', 'it exports no matchRoutes or parsePath')
  if (router.matchRoutes.memoised) return router.matchRoutes
  // The router with kept matching (below) takes the memo for its own calls too; any other is reached by its export.
  const inside = typeof router.keepMatchRoutes === 'function'
  const original = inside ? router.matchRoutesUnkept : router.matchRoutes
  // A tree's shape is long (a few KB for 60 routes): each distinct shape gets a short number that the keys carry.
  const shapes = new WeakMap()
  const shapeNumbers = new Map()
  /** The first tree of each shape: a path not kept yet is matched in it (the router keeps its ranked branches). */
  const firstTrees = []
  const kept = new Map()
  const shape = (routes) => {
    let known = shapes.get(routes)
    if (known === undefined) {
      const text = shapeOf(routes)
      known = shapeNumbers.get(text)
      if (known === undefined) {
        shapeNumbers.set(text, (known = shapeNumbers.size))
        firstTrees[known] = routes
      }
      shapes.set(routes, known)
    }
    return known
  }
  function matchRoutes(routes, locationArg, basename = '/') {
    const location = typeof locationArg === 'string' ? router.parsePath(locationArg) : locationArg
    if (!Array.isArray(routes) || !location) return original(routes, locationArg, basename)
    const number = shape(routes)
    const key = `${number}\0${basename}\0${location.pathname || '/'}`
    const entry = kept.get(key)
    if (entry === undefined) {
      const first = firstTrees[number]
      const matches = original(first, locationArg, basename)
      const positions = matches?.map((match) => positionOf(first, match.route))
      if (positions?.some((position) => position === null)) return original(routes, locationArg, basename)
      if (kept.size >= MAX_PATHS) kept.delete(kept.keys().next().value)
      kept.set(
        key,
        matches && {
          params: { ...matches[0]?.params },
          steps: matches.map((match, index) => ({
            position: positions[index],
            pathname: match.pathname,
            pathnameBase: match.pathnameBase,
          })),
        },
      )
      if (first === routes) return matches
    }
    const answer = entry ?? kept.get(key)
    if (answer === null) return null
    const params = { ...answer.params }
    return answer.steps.map((step) => ({
      params,
      pathname: step.pathname,
      pathnameBase: step.pathnameBase,
      route: routeAt(routes, step.position),
    }))
  }
  matchRoutes.memoised = true
  /** How many paths are kept. */
  matchRoutes.size = () => kept.size
  if (inside) router.keepMatchRoutes(matchRoutes)
  router.matchRoutes = matchRoutes
  return matchRoutes
}

/**
 * The static handler's own call of `matchRoutes` (inside `@remix-run/router`, not through its exports) is reached by
 * loading the package's file with five edits: its `matchRoutesImpl` hands full matches to the memo above
 * (`keepMatchRoutes`), the ranked branches of a route tree are kept (per tree object, made again when the tree's
 * number of routes changes) with each branch's first static segment, a branch whose first segment is not the path's is
 * not tried (decision 089), and the compiled pattern of a route path is kept (a pure function of the path and its two
 * flags). The file on disk is not changed.
 * See docs/decisions/054-route-matching-inside-the-router.md.
 */
const KEPT_MATCHING = [
  [
    'function matchRoutesImpl(routes, locationArg, basename, allowPartial) {\n',
    `function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  if (keptMatchRoutes !== void 0 && !allowPartial) return keptMatchRoutes(routes, locationArg, basename);
  return ownMatchRoutesImpl(routes, locationArg, basename, allowPartial);
}
function ownMatchRoutesImpl(routes, locationArg, basename, allowPartial) {
`,
  ],
  [
    '  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n',
    '  let branches = keptRankedBranches(routes);\n',
  ],
  [
    '  let decoded = decodePath(pathname);\n',
    '  let decoded = decodePath(pathname);\n  let keptFirst = keptFirstOfPath(decoded);\n',
  ],
  [
    '    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n',
    `    if (branches.keptFirsts[i] !== null && branches.keptFirsts[i] !== keptFirst) continue;
    matches = matchRouteBranch(branches[i], decoded, allowPartial);
`,
  ],
  [
    'function compilePath(path, caseSensitive, end) {\n',
    `function compilePath(path, caseSensitive, end) {
  const key = (caseSensitive ? "c" : "i") + (end === void 0 || end ? "e" : "p") + path;
  let compiled = keptCompiledPaths.get(key);
  if (compiled === void 0) {
    compiled = compilePathUncached(path, caseSensitive, end);
    if (keptCompiledPaths.size >= 1000) keptCompiledPaths.delete(keptCompiledPaths.keys().next().value);
    keptCompiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {
`,
  ],
]
const KEPT_MATCHING_HELPERS = `
var keptMatchRoutes;
exports.keepMatchRoutes = (memo) => { keptMatchRoutes = memo; };
exports.matchRoutesUnkept = (routes, locationArg, basename = "/") =>
  ownMatchRoutesImpl(routes, locationArg, basename, false);
const keptCompiledPaths = new Map();
const keptTrees = new WeakMap();
function keptRouteCount(routes) {
  let count = routes.length;
  for (const route of routes) if (route.children) count += keptRouteCount(route.children);
  return count;
}
function keptRankedBranches(routes) {
  const count = keptRouteCount(routes);
  const kept = keptTrees.get(routes);
  if (kept !== void 0 && kept.count === count) return kept.branches;
  const branches = flattenRoutes(routes);
  rankRouteBranches(branches);
  branches.keptFirsts = branches.map(keptFirstOfBranch);
  keptTrees.set(routes, { count, branches });
  return branches;
}
function keptFirstOfBranch(branch) {
  if (branch.routesMeta.some((meta) => meta.caseSensitive)) return null;
  const first = branch.path.split("/").find((segment) => segment !== "");
  if (first === void 0 || !/^[\\x21-\\x7e]+$/.test(first) || /[:*?]/.test(first)) return null;
  return first.toLowerCase();
}
function keptFirstOfPath(pathname) {
  let start = 0;
  while (pathname.charCodeAt(start) === 47) start++;
  const end = pathname.indexOf("/", start);
  return (end === -1 ? pathname.slice(start) : pathname.slice(start, end)).toLowerCase();
}
exports.keptMatching = true;
`

/** The router's source with the kept matching, or null when the source is not the one these edits were made for. */
export function withKeptMatching(source) {
  let edited = source
  for (const [from, to] of KEPT_MATCHING) {
    if (edited.split(from).length !== 2) return null
    edited = edited.replace(from, () => to)
  }
  return `${edited}\n${KEPT_MATCHING_HELPERS}`
}

/**
 * Compiles `@remix-run/router`'s file (or `source`, a test's copy) with the kept matching as a module of its own (not
 * registered anywhere). Throws when the source is not the one the edits were made for.
 */
export function compileRouterWithKeptMatching(source = fs.readFileSync(require.resolve('@remix-run/router'), 'utf8')) {
  const filename = require.resolve('@remix-run/router')
  const edited = withKeptMatching(source)
  if (edited === null)
    throw misfit('@remix-run/router', 'its matchRoutesImpl, flattenRoutes call or compilePath changed')
  const compiled = new Module(filename)
  compiled.filename = filename
  compiled.paths = Module._nodeModulePaths(path.dirname(filename))
  compiled._compile(edited, filename)
  compiled.loaded = true
  return compiled
}

/**
 * Makes the kept-matching router the one every later `require` or `import` of `@remix-run/router` gets. Must run
 * before anything loads the router (server.mjs calls `installRemixAdapter` first). Throws when the router was loaded
 * before (unkept) or its source no longer fits the edits.
 */
export function keepMatchingInsideRouter() {
  const filename = require.resolve('@remix-run/router')
  const loaded = require.cache[filename]
  if (loaded) {
    if (loaded.exports.keptMatching === true) return
    throw misfit('@remix-run/router', 'it was loaded before the adapter could keep its matching')
  }
  require.cache[filename] = compileRouterWithKeptMatching()
}

// ---- 2. Remix's render route tree kept.

/**
 * Remix's render (RemixServer) builds its route tree again for every page, from the build's route manifest and
 * modules: 2 to 4% of an uncached page's CPU. The tree depends only on those (and the SPA flag), and nothing changes
 * it afterwards (React Router's static router copies it), so it is kept per manifest and handed back while the
 * modules are the same objects. Installed on the one module RemixServer calls it through. Idempotent.
 */
export function keepServerRouteTree(routes = require('@remix-run/react/dist/routes.js')) {
  const original = routes.createServerRoutes
  // RemixServer calls it through this module's exports object (`routes.createServerRoutes(...)`): four arguments.
  if (typeof original !== 'function' || (!original.kept && original.length !== 4))
    throw misfit(
      '@remix-run/react',
      'dist/routes.js has no createServerRoutes(manifest, routeModules, future, isSpaMode)',
    )
  if (original.kept) return original
  const trees = new WeakMap()
  const sameModules = (kept, given) => {
    for (const id in kept) if (kept[id] !== given[id]) return false
    for (const id in given) if (!(id in kept)) return false
    return true
  }
  function createServerRoutes(manifest, routeModules, future, isSpaMode, ...rest) {
    if (rest.length > 0 || manifest === null || typeof manifest !== 'object' || routeModules == null)
      return original(manifest, routeModules, future, isSpaMode, ...rest)
    const kept = trees.get(manifest)
    if (
      kept &&
      kept.future === future &&
      kept.isSpaMode === isSpaMode &&
      ((kept.given === routeModules && Object.isFrozen(routeModules)) || sameModules(kept.routeModules, routeModules))
    )
      return kept.tree
    const tree = original(manifest, routeModules, future, isSpaMode)
    trees.set(manifest, { future, isSpaMode, routeModules: { ...routeModules }, given: routeModules, tree })
    return tree
  }
  createServerRoutes.kept = true
  routes.createServerRoutes = createServerRoutes
  return createServerRoutes
}

/**
 * The server runtime hands every page's render a new object of the build's route modules (`createEntryRouteModules`,
 * one key per route), which the tree above then compares key by key with the one it was kept for: together 3% of a
 * post's CPU. The object depends only on the build's routes, so it is kept per routes object, frozen (nothing on the
 * server writes to it; a write would throw), and the tree above knows it at a glance. Installed on the module the
 * server runtime calls it through (`entry.createEntryRouteModules(build.routes)`, checked in its source). Idempotent.
 */
export const ENTRY_MODULES_CALL = 'routeModules: entry.createEntryRouteModules(build.routes)'
export function keepEntryRouteModules(
  entry = require('@remix-run/server-runtime/dist/entry.js'),
  callerSource = fs.readFileSync(require.resolve('@remix-run/server-runtime/dist/server.js'), 'utf8'),
) {
  const original = entry.createEntryRouteModules
  if (original?.kept) return original
  if (typeof original !== 'function' || original.length !== 1)
    throw misfit('@remix-run/server-runtime', 'dist/entry.js has no createEntryRouteModules(manifest)')
  if (callerSource.split(ENTRY_MODULES_CALL).length !== 2)
    throw misfit('@remix-run/server-runtime', 'its document request no longer makes the route modules through entry.js')
  const kept = new WeakMap()
  function createEntryRouteModules(manifest, ...rest) {
    if (rest.length > 0 || manifest === null || typeof manifest !== 'object') return original(manifest, ...rest)
    let modules = kept.get(manifest)
    if (modules === undefined) kept.set(manifest, (modules = Object.freeze(original(manifest))))
    return modules
  }
  createEntryRouteModules.kept = true
  entry.createEntryRouteModules = createEntryRouteModules
  return createEntryRouteModules
}

/**
 * React Router's static router (`createStaticRouter`, which RemixServer calls for every page) copies that kept tree
 * into "data routes" again for every page, and the render's route matching then meets a tree it has never seen (the
 * memo above keys trees by object): 6% of an uncached page's CPU for the copy and 5% for the memo's look at the new
 * tree (profile of `/posts?page=N`, docs/performance.md). The copy depends only on the tree and React Router's
 * `mapRouteProperties`, and nothing changes it afterwards, so it is kept per tree: the same data routes, and the
 * static router's `manifest` (its id index) reading through to the kept one. Installed on the router's exports, which
 * react-router-dom/server.js calls it through (`router.UNSAFE_convertRoutesToDataRoutes(...)`); any other call (a
 * parent path, a manifest already filled) goes to the original. react-router-dom is the exact 6.30.4 that the pinned
 * @remix-run/react 2.17.5 requires; the call is checked in its source. Idempotent.
 */
export const DATA_ROUTES_CALL =
  'router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest)'
export function keepDataRouteTree(
  router = require('@remix-run/router'),
  callerSource = fs.readFileSync(require.resolve('react-router-dom/server'), 'utf8'),
) {
  const original = router.UNSAFE_convertRoutesToDataRoutes
  if (original?.kept) return original
  if (typeof original !== 'function' || original.length !== 4)
    throw misfit('@remix-run/router', 'it exports no convertRoutesToDataRoutes(routes, map, parentPath, manifest)')
  if (callerSource.split(DATA_ROUTES_CALL).length !== 2)
    throw misfit('react-router-dom', 'its createStaticRouter no longer copies the route tree through the router')
  const trees = new WeakMap()
  function convertRoutesToDataRoutes(routes, mapRouteProperties, parentPath, manifest, ...rest) {
    const plain =
      rest.length === 0 &&
      parentPath === undefined &&
      Array.isArray(routes) &&
      manifest !== null &&
      typeof manifest === 'object' &&
      Object.keys(manifest).length === 0
    if (!plain) return original(routes, mapRouteProperties, parentPath, manifest, ...rest)
    let kept = trees.get(routes)
    if (kept === undefined || kept.mapRouteProperties !== mapRouteProperties) {
      const ids = {}
      kept = { mapRouteProperties, ids, dataRoutes: original(routes, mapRouteProperties, undefined, ids) }
      trees.set(routes, kept)
    }
    // The static router only looks ids up in its index: the kept one as its prototype, not a copy of 170 keys.
    Object.setPrototypeOf(manifest, kept.ids)
    return kept.dataRoutes
  }
  convertRoutesToDataRoutes.kept = true
  router.UNSAFE_convertRoutesToDataRoutes = convertRoutesToDataRoutes
  return convertRoutesToDataRoutes
}

// ---- 3. Public resource routes straight to their loader.

/**
 * Express middleware: a GET of a public resource route (one that declares a cacheKey) is answered by calling its
 * loader with Remix's arguments (the request, the matched params, the load context) and writing its Response as
 * Remix's Express adapter does. Anything else goes on to Remix: other methods and routes, the parameters Remix
 * itself reads (`_data`, `index`, `_routes`), a loader that throws or answers something other than a Response.
 */
export const directReads =
  ({ shared, getLoadContext }) =>
  async (req, res, next) => {
    if (req.method !== 'GET') return next()
    const canonical = shared(req.url)
    if (!canonical?.resource) return next()
    const query = req.url.includes('?') ? new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1)) : undefined
    if (query && (query.has('_data') || query.has('index') || query.has('_routes'))) return next()
    let response
    try {
      const request = webRequestOf(req, res)
      response = await canonical.route.module.loader({
        request,
        params: canonical.params,
        context: await getLoadContext(req, res),
      })
    } catch {
      return next()
    }
    if (!(response instanceof Response)) return next()
    try {
      await send(res, response)
    } catch (error) {
      next(error)
    }
  }

/**
 * The Web Request of a GET, built as Remix's Express adapter builds it: the host from Express (X-Forwarded-Host
 * behind a trusted proxy) with the port of X-Forwarded-Host or Host, the protocol Express gives, every header, and a
 * signal that aborts when the client goes away before the answer.
 */
export function webRequestOf(req, res) {
  const portOf = (value) => Number.parseInt(String(value ?? '').split(':')[1], 10)
  const forwardedPort = portOf(req.get('X-Forwarded-Host'))
  const hostPort = portOf(req.get('host'))
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : ''
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each)
    else if (value) headers.set(name, value)
  }
  let controller = new AbortController()
  res.on('finish', () => (controller = null))
  res.on('close', () => controller?.abort())
  return new Request(url.href, { method: 'GET', headers, signal: controller.signal })
}

/**
 * Writes a loader's Response as Remix's adapter does (status, status text, every header), the body in one write:
 * these bodies are small documents, read whole, so Node sends their length instead of chunks.
 */
async function send(res, response) {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers.entries()) res.append(name, value)
  if (!response.body) return void res.end()
  res.end(Buffer.from(await response.arrayBuffer()))
}

// ---- 4. Lingering close.

/**
 * Lingering close, as nginx and Apache do it. A connection that closes after its answer (the client asked for
 * `Connection: close`) while the client is still sending the body (a 413 given at the limit, before the rest came) is
 * not closed at once: closing a socket with unread data resets it, and the client loses the answer it has not read
 * yet. It says it is done (FIN) after the answer, and reads and drops what still comes, for 30 s at most and 5 s
 * between reads, then closes.
 */
const LINGER_MS = 30_000
const LINGER_IDLE_MS = 5_000
export function lingerAfterEarlyAnswers(req) {
  const socket = req.socket
  socket.lingerRequest = req
  if (socket.lingerSet) return
  socket.lingerSet = true
  const destroySoon = socket.destroySoon
  socket.destroySoon = function lingeringDestroySoon() {
    if (socket.lingerRequest.complete || socket.destroyed) return destroySoon.call(socket)
    socket.end()
    const timer = setTimeout(() => socket.destroy(), LINGER_MS)
    timer.unref()
    socket.once('close', () => clearTimeout(timer))
    socket.once('end', () => socket.destroy())
    socket.setTimeout(LINGER_IDLE_MS, () => socket.destroy())
    socket.resume()
  }
}

// ---- 5. One Request for a page's loaders.

/**
 * The server runtime's `callRouteLoader`, as the pinned 2.17.5 has it, its error's message shortened to `…`. The copy
 * below is checked against it, so that an upgrade that changes what a loader is called with or returns stops the
 * server.
 */
export const CALL_ROUTE_LOADER = `async function callRouteLoader({
  loadContext,
  loader,
  params,
  request,
  routeId,
  singleFetch
}) {
  let result = await loader({
    request: singleFetch ? stripRoutesParam(stripIndexParam(request)) : stripDataParam(stripIndexParam(request)),
    context: loadContext,
    params
  });
  if (result === undefined) {
    throw new Error(…);
  }
  if (responses.isDeferredData(result)) {
    if (result.init && responses.isRedirectStatusCode(result.init.status || 200)) {
      return responses.redirect(new Headers(result.init.headers).get("Location"), result.init);
    }
    return result;
  }

  // Allow naked object returns when single fetch is enabled
  if (singleFetch) {
    return result;
  }
  return responses.isResponse(result) ? result : responses.json(result);
}`
/** A function's text with the message of its `throw new Error(...)` lines shortened to `…`. */
export const withoutMessages = (text) => text.replace(/throw new Error\(.*\);$/gm, 'throw new Error(…);')
/** How the route tree the server runtime builds calls it: through data.js's exports object. */
export const LOADER_CALL = 'loader: route.module.loader ?'
/**
 * What the copy below takes the place of: the two functions that make the loader's request (not exported), each as
 * the sha256 of its text in dist/data.js. A change of what they strip stops the server, as a change of the caller
 * does.
 */
export const STRIP_FUNCTIONS = {
  stripIndexParam: 'c99dc640c0d345d9508af5d148d41b0a8946a95f013fcd00771e1b2a88494d4c',
  stripRoutesParam: 'bc6f4ed3362d33b5520f479bb6a1b570dc4c72cef95bfa11676708b764851369',
}
/** The sha256 of the text of `function <name>(request) {...}` in `source`, or null when it has none. */
export function functionDigest(source, name) {
  const text = source.match(new RegExp(`\\nfunction ${name}\\(request\\) \\{[\\s\\S]*?\\n\\}\\n`))?.[0]
  return text === undefined ? null : crypto.createHash('sha256').update(text).digest('hex')
}

/**
 * Remix gives each loader of a page two new copies of the request (`stripIndexParam`, then `stripRoutesParam`), each
 * with a URL parsed twice, its headers copied and a signal of its own that follows the request's: three loaders on
 * every public page, 4% of a post's CPU. The copies only drop Remix's own `index` (when empty) and `_routes`
 * parameters; a GET or HEAD with neither has nothing to drop, and its loaders get the request itself (no loader of
 * this app writes to a request's headers, and a GET has no body to read twice). Anything else (other methods, either
 * parameter, no single fetch) goes to the original. The loaders so see the address as it was asked: Remix's copies
 * wrote its query out again (`?q=a%20b` as `?q=a+b`, `?x` as `?x=`), the same parameters to `searchParams`. Installed
 * on data.js's exports, which the route tree calls it through (`data.callRouteLoader(...)`). Idempotent.
 */
export function shareLoaderRequest(
  data = require('@remix-run/server-runtime/dist/data.js'),
  responses = require('@remix-run/server-runtime/dist/responses.js'),
  callerSource = fs.readFileSync(require.resolve('@remix-run/server-runtime/dist/routes.js'), 'utf8'),
  dataSource = fs.readFileSync(require.resolve('@remix-run/server-runtime/dist/data.js'), 'utf8'),
) {
  const original = data.callRouteLoader
  if (original?.kept) return original
  if (typeof original !== 'function' || withoutMessages(String(original)) !== CALL_ROUTE_LOADER)
    throw misfit('@remix-run/server-runtime', 'dist/data.js has another callRouteLoader')
  for (const [name, digest] of Object.entries(STRIP_FUNCTIONS))
    if (functionDigest(dataSource, name) !== digest)
      throw misfit('@remix-run/server-runtime', `dist/data.js has another ${name}`)
  if (
    !/\(args, dataStrategyCtx\) => data\.callRouteLoader\(\{/.test(callerSource) ||
    !callerSource.includes(LOADER_CALL)
  )
    throw misfit('@remix-run/server-runtime', 'its route tree no longer calls the loaders through data.js')
  const { isDeferredData, isRedirectStatusCode, redirect } = responses
  if ([isDeferredData, isRedirectStatusCode, redirect].some((f) => typeof f !== 'function'))
    throw misfit(
      '@remix-run/server-runtime',
      'dist/responses.js lacks isDeferredData, isRedirectStatusCode or redirect',
    )
  async function callRouteLoader(args) {
    const { loadContext, loader, params, request, routeId, singleFetch } = args
    if (singleFetch !== true || !nothingToStrip(request)) return original(args)
    const result = await loader({ request, context: loadContext, params })
    if (result === undefined)
      throw new Error(
        `You defined a loader for route "${routeId}" but didn't return anything from your \`loader\` function. ` +
          'Please return a value or `null`.',
      )
    if (isDeferredData(result) && result.init && isRedirectStatusCode(result.init.status || 200))
      return redirect(new Headers(result.init.headers).get('Location'), result.init)
    return result
  }
  callRouteLoader.kept = true
  data.callRouteLoader = callRouteLoader
  return callRouteLoader
}

/**
 * A GET or HEAD whose address has neither of the parameters Remix strips before a loader sees the request. An address
 * with a fragment (a client may send `?index#x`) goes to Remix's copies, which read its query without it.
 */
function nothingToStrip(request) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  if (request.url.includes('#')) return false
  const search = request.url.indexOf('?')
  if (search === -1) return true
  const query = new URLSearchParams(request.url.slice(search + 1))
  return !query.has('index') && !query.has('_routes')
}
