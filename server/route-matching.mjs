// Remix matches a request's path against the route tree several times per page: the server runtime to find the
// route, the render to build the router, and the lazy route discovery for the path and each of its parents. Each
// call of React Router's `matchRoutes` flattens the whole tree (60 routes), ranks it and compiles the patterns it
// tries: 12% of the CPU of an uncached list page (docs/performance.md). The answer depends only on the tree's shape
// and the path, so it is kept here per shape and path, and handed back in terms of the tree of the call (its own
// route objects, a fresh params object shared by the matches as React Router shares it).
// See docs/decisions/032-route-matching-memo.md.
import fs from 'node:fs'
import Module, { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)

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
 * loading the package's file with three edits: its `matchRoutesImpl` hands full matches to the memo above
 * (`keepMatchRoutes`), the ranked branches of a route tree are kept (per tree object, made again when the tree's
 * number of routes changes) and so is the compiled pattern of a route path (a pure function of the path and its two
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
  keptTrees.set(routes, { count, branches });
  return branches;
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

/** Compiles `@remix-run/router`'s file with the kept matching as a module of its own (not registered anywhere). */
export function compileRouterWithKeptMatching() {
  const filename = require.resolve('@remix-run/router')
  const source = withKeptMatching(fs.readFileSync(filename, 'utf8'))
  if (source === null) return null
  const compiled = new Module(filename)
  compiled.filename = filename
  compiled.paths = Module._nodeModulePaths(path.dirname(filename))
  compiled._compile(source, filename)
  compiled.loaded = true
  return compiled
}

/**
 * Makes the kept-matching router the one every later `require` or `import` of `@remix-run/router` gets. Must run
 * before anything loads the router (server.mjs calls it first). Answers whether it did; when the installed version is
 * not the one the edits were made for, the router loads as it is (the old speed) and the caller logs it.
 */
export function keepMatchingInsideRouter() {
  const filename = require.resolve('@remix-run/router')
  const loaded = require.cache[filename]
  if (loaded) return loaded.exports.keptMatching === true
  const compiled = compileRouterWithKeptMatching()
  if (!compiled) return false
  require.cache[filename] = compiled
  return true
}

/**
 * Remix's render (RemixServer) builds its route tree again for every page, from the build's route manifest and
 * modules: 2 to 4% of an uncached page's CPU. The tree depends only on those (and the SPA flag), and nothing changes
 * it afterwards (React Router's static router copies it), so it is kept per manifest and handed back while the
 * modules are the same objects. Installed on the one module RemixServer calls it through. Idempotent.
 */
export function keepServerRouteTree(routes = require('@remix-run/react/dist/routes.js')) {
  const original = routes.createServerRoutes
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
    if (kept && kept.future === future && kept.isSpaMode === isSpaMode && sameModules(kept.routeModules, routeModules))
      return kept.tree
    const tree = original(manifest, routeModules, future, isSpaMode)
    trees.set(manifest, { future, isSpaMode, routeModules: { ...routeModules }, tree })
    return tree
  }
  createServerRoutes.kept = true
  routes.createServerRoutes = createServerRoutes
  return createServerRoutes
}
