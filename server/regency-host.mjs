import { matchRoutes } from '@remix-run/router'

/**
 * What the regency host serves (docs/api.md "Many villages in one install"; decision 055): the routes that declare
 * `handle.regency` (app/lib/regency-routes.ts: its portal, console, sign-in, API and health), matched as Remix
 * matches them, and besides the routes the build's files (`/assets/*`, the icons, and Remix's route discovery
 * `/__manifest`, which answers for those routes alone). Any other address is refused before any of the app runs.
 *
 * `build` is the server build (its route modules, with their handles); the answer is `served(path)`, for the path as
 * it came (`req.url` up to `?`). A dot segment never reaches here (server/dot-segments.mjs; decision 059).
 */
export function regencyPaths(build) {
  const routes = routeTree(build.routes)
  const decided = new Map()
  return (path) => {
    let served = decided.get(path)
    if (served === undefined) {
      served = BUILD_FILES.test(path) || declared(routes, screenPath(path), build.basename)
      if (decided.size >= MAX_PATHS) decided.delete(decided.keys().next().value)
      decided.set(path, served)
    }
    return served
  }
}

/** The build's files and Remix's route discovery: no route of the app, served at every host. */
const BUILD_FILES = /^\/(?:__manifest|assets\/.*|[^/]+\.(?:svg|png|ico|webmanifest|txt))$/i
/** Paths whose decision is kept (first in, first out). */
const MAX_PATHS = 2000

/** The screen a path asks for: a screen's single-fetch data (`/berita.data`, `/_root.data` for `/`) is its screen's. */
const screenPath = (path) => (path === '/_root.data' ? '/' : path.endsWith('.data') ? path.slice(0, -5) : path)

/** Whether the route Remix would answer `path` with (its leaf) declares the regency, for these parameters. */
function declared(routes, path, basename) {
  // An address that is not valid percent-encoding names no route.
  try {
    decodeURIComponent(path)
  } catch {
    return false
  }
  const leaf = matchRoutes(routes, path, basename)?.at(-1)
  const regency = leaf?.route.module.handle?.regency
  return regency === true || (typeof regency === 'function' && regency(leaf.params) === true)
}

/** Remix's route tree of a build's flat route manifest (as its server runtime's createRoutes builds it). */
function routeTree(manifest, parentId = '') {
  return Object.values(manifest)
    .filter((route) => (route.parentId ?? '') === parentId)
    .map((route) => ({ ...route, children: routeTree(manifest, route.id) }))
}
