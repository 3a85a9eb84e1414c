import zlib from 'node:zlib'
import { matchRoutes } from '@remix-run/router'
import { etagOf } from '../core/etag.mjs'
import { scopedCache } from '../core/scoped-cache.mjs'

/**
 * The response cache: the one place, besides Remix itself (and the adapter's direct reads), where a request may be
 * answered. Two ways in, both here:
 *
 * - `replay(req, res, prepare)`, called by server/http-front.mjs before Express: an anonymous GET whose answer is
 *   stored for the current data version is written straight from memory (after `prepare` set the log line and
 *   security headers).
 * - `middleware`, in Express: the same lookup, and on a miss it keeps a copy of the answer Remix (or the adapter's
 *   `directReads`, server/remix-adapter.mjs) writes, keyed by the data version it was computed at.
 *
 * What may be shared comes from the routes themselves: a route declares `handle.cacheKey` (app/lib/cache-keys.ts),
 * the function that gives the canonical query of an address (the parameters the route reads, normalised). An
 * anonymous GET (no cookie, no Authorization) of such a route, or of its single-fetch `.data`, that answered 200
 * without setting a cookie or `no-store`/`private`, is kept under Host + path + that query, and a miss is rendered
 * from that same address, so a stored answer never depends on what its key left out. A route without a cacheKey (the
 * back office, sign-in, anything new) is never shared.
 *
 * Wiring, not reaching: `build` is the server build (its route modules, with their handles and loaders), and
 * `dataVersion()` the app's data version (app/utils/data-version.server.ts: it changes with every write of any
 * worker or instance, and when a scheduled item's time comes), or undefined when it cannot be read (then nothing is
 * shared). Pages are stored with their CSP nonce, which is swapped for this response's own. Non-HTML answers carry an
 * ETag and get a 304 when the client has it; HTML does not, because a 304 would pair the browser's old page (old
 * nonce) with a new CSP header. An answer given from memory says so (`X-Cache: HIT`): the benchmark checks that its
 * uncached runs got none.
 */
const MAX_ENTRIES = 1000
const MAX_BODY = 2 * 1024 * 1024
/** All stored bodies together; the oldest entries go first. */
const MAX_BYTES = 64 * 1024 * 1024
/** Paths whose route match is kept (first in, first out). */
const MAX_PATHS = 2000
/** Set per response by the server itself (or by the middleware before this one), never stored. */
const PER_RESPONSE = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  'etag',
])

/** Remix's route tree of a build's flat route manifest (as its server runtime's createRoutes builds it). */
export function routeTree(manifest, parentId = '') {
  return Object.values(manifest)
    .filter((route) => (route.parentId ?? '') === parentId)
    .map((route) => ({ ...route, children: routeTree(manifest, route.id) }))
}

/** A resource route (no page, no error boundary: Remix answers it with its loader's Response). */
const isResourceRoute = (route) =>
  typeof route.module.loader === 'function' && route.module.default == null && route.module.ErrorBoundary == null

/**
 * The routes of a build as the cache sees them: `shared(url)` gives, for an address (path and query, as in
 * `req.url`), its leaf route and canonical form when the route declares a cacheKey, else null.
 */
export function sharedRoutes(build) {
  const routes = routeTree(build.routes)
  const leaves = new Map()
  const leafOf = (path) => {
    let leaf = leaves.get(path)
    if (leaf === undefined) {
      const matches = matchRoutes(routes, path, build.basename)
      const last = matches?.at(-1)
      leaf = last?.route.module.handle?.cacheKey ? { route: last.route, params: last.params } : null
      if (leaves.size >= MAX_PATHS) leaves.delete(leaves.keys().next().value)
      leaves.set(path, leaf)
    }
    return leaf
  }
  return (url) => {
    const mark = url.indexOf('?')
    const path = mark === -1 ? url : url.slice(0, mark)
    // A screen's single-fetch data (`/posts.data`, `/_root.data` for `/`) keeps Remix's own `_routes` besides.
    const data = path.endsWith('.data')
    const page = data ? (path === '/_root.data' ? '/' : path.slice(0, -'.data'.length)) : path
    // Matched as Remix matches it: the path as it came, which matchRoutes decodes. An address that is not valid
    // percent-encoding is the front's 400, never shared.
    try {
      decodeURIComponent(page)
    } catch {
      return null
    }
    const leaf = leafOf(page)
    if (!leaf || (data && isResourceRoute(leaf.route))) return null
    const given = new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1))
    const kept = new URLSearchParams(leaf.route.module.handle.cacheKey(given, leaf.params))
    const routesParam = data ? given.get('_routes') : null
    if (routesParam !== null) kept.set('_routes', routesParam)
    const query = kept.toString()
    return {
      route: leaf.route,
      params: leaf.params,
      url: query ? `${path}?${query}` : path,
      resource: isResourceRoute(leaf.route),
    }
  }
}

/**
 * `dataVersion()` is the version of the data the current request reads, `namespace()` whose data it is: '' with one
 * village, the village's id with REGENCY_HOST (decision 055; the build's `scopeKey`). The answers are one
 * core/scoped-cache.mjs (decision 066): each namespace's are kept until its own version changes, and all of them
 * share the one budget (MAX_ENTRIES, MAX_BYTES), the oldest stored first out.
 */
export function responseCache({ build, dataVersion, namespace = () => '' }) {
  const shared = sharedRoutes(build)
  /**
   * Raw request properties only, so Express and the plain node:http replay compute the same key. Everything the app
   * may build its own address from is in it: Host, and behind a trusted proxy X-Forwarded-Proto and X-Forwarded-Host
   * (server/http-front.mjs removes them when no proxy is trusted), so a page rendered for one host is never replayed to
   * a visitor of another. The village is the cache's own part of every key.
   */
  const keyOf = (req, url) =>
    `${req.headers['x-forwarded-proto'] ?? ''}|${req.headers['x-forwarded-host'] ?? ''}|` +
    `${req.headers.host}${url}\n` +
    `${req.headers.origin ?? ''}\n${req.headers.accept ?? ''}`
  const anonymousGet = (req) => req.method === 'GET' && !req.headers.cookie && !req.headers.authorization
  const answers = scopedCache({
    what: 'the response cache',
    scopeKey: namespace,
    maxEntries: MAX_ENTRIES,
    maxBytes: MAX_BYTES,
  })

  const middleware = (req, res, next) => {
    if (!anonymousGet(req)) return next()
    const canonical = shared(req.url)
    if (!canonical) return next()
    // The version after the cheaper tests: reading it is a query, and most requests that are never shared stop before.
    const version = dataVersion()
    if (version === undefined) return next()
    const stored = answers.here()
    const key = keyOf(req, canonical.url)
    const entry = stored.get(key, version)
    if (entry) return replayEntry(entry, req, res)
    // The same request arriving while one is computed waits for that answer instead of rendering again.
    const running = stored.running(key)
    if (running && !req.waitedForCache) {
      req.waitedForCache = true
      running.then(() => middleware(req, res, next))
      return
    }
    res.on('close', stored.begin(key))

    // A miss: pass the response through and keep a copy of what the app wrote.
    const before = new Set(Object.keys(res.getHeaders()))
    const chunks = []
    let size = 0
    const keep = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_BODY) return
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
      size += buffer.length
      chunks.push(buffer)
    }
    const write = res.write
    const end = res.end
    res.write = function (chunk, encoding, callback) {
      keep(chunk, encoding)
      return write.call(this, chunk, encoding, callback)
    }
    res.end = function (chunk, encoding, callback) {
      keep(chunk, encoding)
      return end.call(this, chunk, encoding, callback)
    }
    res.on('finish', () => {
      if (res.statusCode !== 200 || size > MAX_BODY || res.getHeader('set-cookie') || res.locals.skipResponseCache)
        return
      if (/no-store|private/.test(String(res.getHeader('cache-control') ?? ''))) return
      if (dataVersion() !== version) return
      const headers = Object.entries(res.getHeaders()).filter(([name]) => !before.has(name) && !PER_RESPONSE.has(name))
      const body = Buffer.concat(chunks)
      const html = String(res.getHeader('content-type') ?? '').startsWith('text/html')
      // Refused when this village's answers moved to another version meanwhile.
      stored.set(
        key,
        version,
        {
          size: body.length,
          headers,
          // A page is kept as the pieces between its nonces, so a replay only joins buffers.
          pieces: html && res.locals.cspNonce ? split(body, Buffer.from(res.locals.cspNonce)) : [body],
          etag: html ? undefined : etagOf(body),
        },
        body.length,
      )
    })
    // Rendered from the canonical address: what the key leaves out cannot show in the stored answer.
    if (canonical.url !== req.url) req.url = req.originalUrl = canonical.url
    next()
  }

  /**
   * Before Express: answers a request from the cache when it can (returns true), after `prepare` has set the
   * per-response headers (log line, security headers, nonce). Bodies without a nonce are also kept gzipped, so
   * browsers get them compressed; a page (nonce inside) for a client that wants gzip goes through Express's
   * compression instead.
   */
  const replay = (req, res, prepare) => {
    if (!anonymousGet(req)) return false
    const stored = answers.here()
    const cachedVersion = stored.version()
    if (cachedVersion === undefined) return false
    const canonical = shared(req.url)
    if (!canonical || dataVersion() !== cachedVersion) return false
    const entry = stored.peek(keyOf(req, canonical.url), cachedVersion)
    if (!entry) return false
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
    if (gzip && entry.pieces.length > 1) return false
    prepare()
    if (gzip) {
      entry.gzipped ??= zlib.gzipSync(entry.pieces[0], { level: 6 })
      res.setHeader('Content-Encoding', 'gzip')
      res.setHeader('Vary', 'Accept-Encoding')
    }
    replayEntry(entry, req, res, gzip ? entry.gzipped : undefined)
    return true
  }

  return { middleware, replay, shared }
}

function replayEntry(entry, req, res, encodedBody) {
  for (const [name, value] of entry.headers) res.setHeader(name, value)
  res.setHeader('X-Cache', 'HIT')
  if (entry.etag) {
    res.setHeader('ETag', entry.etag)
    const match = req.headers['if-none-match']
    if (match && match.split(',').some((tag) => tag.trim() === entry.etag || tag.trim() === '*')) {
      res.statusCode = 304
      return res.end()
    }
  }
  const { pieces } = entry
  let body = encodedBody ?? pieces[0]
  if (!encodedBody && pieces.length > 1) {
    const nonce = Buffer.from(res.locals.cspNonce ?? '')
    const parts = [pieces[0]]
    for (let i = 1; i < pieces.length; i++) parts.push(nonce, pieces[i])
    body = Buffer.concat(parts)
  }
  res.statusCode = 200
  res.setHeader('Content-Length', body.length)
  res.end(body)
}

function split(buffer, separator) {
  const pieces = []
  let start = 0
  for (let at = buffer.indexOf(separator); at !== -1; at = buffer.indexOf(separator, start)) {
    pieces.push(buffer.subarray(start, at))
    start = at + separator.length
  }
  pieces.push(buffer.subarray(start))
  return pieces
}
