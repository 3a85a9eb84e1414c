// Remix matches a request's path against the route tree several times per page: the server runtime to find the
// route, the render to build the router, and the lazy route discovery for the path and each of its parents. Each
// call of React Router's `matchRoutes` flattens the whole tree (60 routes), ranks it and compiles the patterns it
// tries: 12% of the CPU of an uncached list page (docs/performance.md). The answer depends only on the tree's shape
// and the path, so it is kept here per shape and path, and handed back in terms of the tree of the call (its own
// route objects, a fresh params object shared by the matches as React Router shares it).
// See docs/decisions/032-route-matching-memo.md.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** Paths kept (first in, first out): a list or search page keeps one path; each post detail its own. */
export const MAX_PATHS = 2000

/** What matching reads of a route tree, as a string: ids, paths, index and case flags, nesting. */
function shapeOf(routes) {
  return JSON.stringify(
    routes.map((route) => [
      route.id ?? null,
      route.path ?? null,
      route.index === true,
      route.caseSensitive === true,
      route.children ? shapeOf(route.children) : null,
    ]),
  )
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
  const original = router.matchRoutes
  if (original.memoised) return original
  // A tree's shape is long (a few KB for 60 routes): each distinct shape gets a short number that the keys carry.
  const shapes = new WeakMap()
  const shapeNumbers = new Map()
  const kept = new Map()
  const shape = (routes) => {
    let known = shapes.get(routes)
    if (known === undefined) {
      const text = shapeOf(routes)
      known = shapeNumbers.get(text)
      if (known === undefined) shapeNumbers.set(text, (known = shapeNumbers.size))
      shapes.set(routes, known)
    }
    return known
  }
  function matchRoutes(routes, locationArg, basename = '/') {
    const location = typeof locationArg === 'string' ? router.parsePath(locationArg) : locationArg
    if (!Array.isArray(routes) || !location) return original(routes, locationArg, basename)
    const key = `${shape(routes)}\0${basename}\0${location.pathname || '/'}`
    const entry = kept.get(key)
    if (entry === undefined) {
      const matches = original(routes, locationArg, basename)
      const positions = matches?.map((match) => positionOf(routes, match.route))
      if (positions?.some((position) => position === null)) return matches
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
      return matches
    }
    if (entry === null) return null
    const params = { ...entry.params }
    return entry.steps.map((step) => ({
      params,
      pathname: step.pathname,
      pathnameBase: step.pathnameBase,
      route: routeAt(routes, step.position),
    }))
  }
  matchRoutes.memoised = true
  /** How many paths are kept. */
  matchRoutes.size = () => kept.size
  router.matchRoutes = matchRoutes
  return matchRoutes
}
