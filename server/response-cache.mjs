import crypto from 'node:crypto'
import zlib from 'node:zlib'

/** Paths that are never shared between visitors: the back office, sign-in, admin API, files served elsewhere. */
const PRIVATE = /^\/(?:admin|login|logout|healthz|uploads\/|assets\/|api\/(?!public\/))/i
const MAX_ENTRIES = 1000
const MAX_BODY = 2 * 1024 * 1024
/** All stored bodies together; the oldest entries go first. */
const MAX_BYTES = 64 * 1024 * 1024
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

/**
 * Public reads answered from memory. An anonymous GET (no cookie, no Authorization) of a public page, its
 * single-fetch `.data`, or `/api/public/*` that answered 200 without setting a cookie is kept with the data
 * version it was computed at (app/utils/data-version.server.ts: it changes with every write of any worker or
 * instance), and answered again while that version holds: a write through any door empties the cache. Pages are stored
 * with their CSP nonce, which is swapped for this response's own. Non-HTML answers carry an ETag and get a 304 when the
 * client has it; HTML does not, because a 304 would pair the browser's old page (old nonce) with a new CSP header.
 *
 * `canonicalUrl(url)` gives the one form of an address that its route answers the same way (the app's
 * canonicalPublicUrl: unknown and tracking parameters dropped, `page`, `search` and `limit` normalised): answers
 * are keyed by it, and a miss is rendered from it, so a stored answer never depends on what its key left out.
 * An answer the app marks with `res.locals.skipResponseCache` (a list page past its end) is not kept.
 * An answer given from memory says so (`X-Cache: HIT`): the benchmark checks that its uncached runs got none.
 */
export function responseCache({ canonicalUrl = (url) => url } = {}) {
  /**
   * Raw request properties only, so Express and the plain node:http fast path compute the same key. Everything
   * the app may build its own address from is in it: Host, and behind a trusted proxy X-Forwarded-Proto and
   * X-Forwarded-Host (server.mjs removes them when no proxy is trusted), so a page rendered for one host is never
   * replayed to a visitor of another.
   */
  const keyOf = (req, url = canonicalUrl(req.url)) =>
    `${req.headers['x-forwarded-proto'] ?? ''}|${req.headers['x-forwarded-host'] ?? ''}|${req.headers.host}${url}\n${req.headers.origin ?? ''}\n${req.headers.accept ?? ''}`
  const entries = new Map()
  /** Keys being computed now: the same request arriving meanwhile waits for that answer instead of rendering again. */
  const computing = new Map()
  let cachedVersion
  let bytes = 0
  const forget = (key) => {
    bytes -= entries.get(key).size
    entries.delete(key)
  }
  const middleware = (req, res, next) => {
    // The version last: reading it is a query, and most requests that are never shared stop before it.
    if (req.method !== 'GET' || req.headers.cookie || req.headers.authorization || PRIVATE.test(req.path)) return next()
    const version = globalThis.__balaiDataVersion?.value
    if (version === undefined) return next()
    if (version !== cachedVersion) {
      entries.clear()
      bytes = 0
      cachedVersion = version
    }
    const url = canonicalUrl(req.url)
    const key = keyOf(req, url)
    const entry = entries.get(key)
    if (entry) return replay(entry, req, res)
    const running = computing.get(key)
    if (running && !req.waitedForCache) {
      req.waitedForCache = true
      running.then(() => middleware(req, res, next))
      return
    }
    let done
    computing.set(key, new Promise((resolve) => (done = resolve)))
    res.on('close', () => {
      computing.delete(key)
      done()
    })

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
      if (globalThis.__balaiDataVersion?.value !== version || cachedVersion !== version) return
      const headers = Object.entries(res.getHeaders()).filter(([name]) => !before.has(name) && !PER_RESPONSE.has(name))
      const body = Buffer.concat(chunks)
      const html = String(res.getHeader('content-type') ?? '').startsWith('text/html')
      if (entries.has(key)) forget(key)
      while (entries.size && (entries.size >= MAX_ENTRIES || bytes + body.length > MAX_BYTES))
        forget(entries.keys().next().value)
      bytes += body.length
      entries.set(key, {
        size: body.length,
        headers,
        // A page is kept as the pieces between its nonces, so a replay only joins buffers.
        pieces: html && res.locals.cspNonce ? split(body, Buffer.from(res.locals.cspNonce)) : [body],
        etag: html ? undefined : `W/"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      })
    })
    // Rendered from the canonical address: what the key leaves out cannot show in the stored answer.
    if (url !== req.url) req.url = req.originalUrl = url
    next()
  }
  /**
   * The fast path, called by server.mjs before Express: answers a request from the cache when it can
   * (returns true), after `prepare` has set the per-response headers (log line, security headers, nonce).
   * Bodies without a nonce are also kept gzipped, so browsers get them compressed; a page (nonce inside)
   * for a client that wants gzip goes through Express's compression instead.
   */
  middleware.tryReplay = (req, res, prepare) => {
    if (req.method !== 'GET' || req.headers.cookie || req.headers.authorization) return false
    if (globalThis.__balaiDataVersion?.value !== cachedVersion) return false
    const entry = entries.get(keyOf(req))
    if (!entry) return false
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
    if (gzip && entry.pieces.length > 1) return false
    prepare()
    if (gzip) {
      entry.gzipped ??= zlib.gzipSync(entry.pieces[0], { level: 6 })
      res.setHeader('Content-Encoding', 'gzip')
      res.setHeader('Vary', 'Accept-Encoding')
    }
    replay(entry, req, res, gzip ? entry.gzipped : undefined)
    return true
  }
  return middleware
}

function replay(entry, req, res, encodedBody) {
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
