// The public API's reads (GET /api/public/*), the calls the village's apps make most, go from Express straight to
// their route's loader: the same request object and the same response writing as Remix's Express adapter, without
// the server runtime's request handler around them (its route matching, the static handler's own matching of the
// whole tree, the data strategy). Those were a third of such a call's CPU (docs/performance.md).
// See docs/decisions/033-public-api-reads.md.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
// The adapter's own two functions, from the file its createRequestHandler lives in (the package's index exports
// only that): a Remix upgrade that moves them stops the server at start-up, never answers differently.
const { createRemixRequest, sendRemixResponse } = require('@remix-run/express/dist/server.js')

/** Remix's route tree of a build's flat route manifest (as its server runtime's createRoutes builds it). */
export function routeTree(manifest, parentId = '') {
  return Object.values(manifest)
    .filter((route) => (route.parentId ?? '') === parentId)
    .map((route) => ({ ...route, children: routeTree(manifest, route.id) }))
}

/** A resource route (no page, no error boundary: Remix answers it with its loader's Response) of the public API. */
const isPublicApiRead = (route) =>
  route.id.startsWith('routes/api.public.') &&
  typeof route.module.loader === 'function' &&
  route.module.default == null &&
  route.module.ErrorBoundary == null

/**
 * Express middleware: answers a GET whose route, matched as Remix matches it, is a public API resource route by
 * calling that route's loader with Remix's arguments (the request, the matched params, the load context) and
 * writing its Response as Remix's adapter does. Anything else goes on to Remix: other methods and routes, the
 * search parameters Remix itself reads (`_data`, `index`, `_routes`), single-fetch `.data` paths, a loader that
 * throws or answers with something other than a Response (Remix then handles it as it always does).
 */
export function publicApiReads({ build, getLoadContext, router = require('@remix-run/router') }) {
  const routes = routeTree(build.routes)
  return async (req, res, next) => {
    if (req.method !== 'GET' || !/^\/api\/public\//i.test(req.path)) return next()
    let request
    let url
    try {
      request = createRemixRequest(req, res)
      url = new URL(request.url)
    } catch {
      return next()
    }
    if (
      url.pathname.endsWith('.data') ||
      url.searchParams.has('_data') ||
      url.searchParams.has('index') ||
      url.searchParams.has('_routes')
    )
      return next()
    // Through the module's export, as Remix's server runtime calls it: the memoised matchRoutes (route-matching.mjs).
    const matches = router.matchRoutes(routes, url.pathname, build.basename)
    const leaf = matches?.at(-1)?.route
    if (!leaf || !isPublicApiRead(leaf)) return next()
    let response
    try {
      response = await leaf.module.loader({
        request,
        params: matches[0].params,
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
}

/**
 * Writes a loader's Response as the adapter's sendRemixResponse does (status, status text, every header), the body
 * in one write: these bodies are small JSON documents, read whole, so Node sends their length instead of chunks.
 */
async function send(res, response) {
  if (!response.body) return sendRemixResponse(res, response)
  const body = Buffer.from(await response.arrayBuffer())
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers.entries()) res.append(name, value)
  res.end(body)
}
