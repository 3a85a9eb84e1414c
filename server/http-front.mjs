import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import compression from 'compression'
import express from 'express'
import { failureBody, isApiPath } from '../core/api-envelope.mjs'
import { log } from '../core/log.mjs'
import { storageFromEnv } from '../core/storage.mjs'
import { CLIENT_IP_HEADER, HTTPS_HEADER, servedOverHttps } from '../core/front-headers.mjs'
import { requestLog } from './request-log.mjs'
import { responseCache } from './response-cache.mjs'
import { directReads, lingerAfterEarlyAnswers } from './remix-adapter.mjs'
import { documentFiles } from './document-files.mjs'
import { csrfProtection, securityHeaders } from './security.mjs'
import { serveUploads } from './serve-uploads.mjs'
import { hasDotSegment } from './dot-segments.mjs'
import { regencyPaths } from './regency-host.mjs'

/**
 * The HTTP front: everything between the socket and the Remix app, in the order a request travels it.
 *
 *  1. `handle` (node:http): the lingering close, the forwarded headers no trusted proxy vouches for dropped, a path
 *     with a dot segment refused (400, before anything decides on the path: the regency host's allowlist included),
 *     then the response cache's replay: a stored anonymous public answer goes out here (with its log line and headers).
 *  2. Express: the request log and id, the client's address and scheme for the app, the security headers (CSP with a
 *     nonce), a document's file (streamed, with its own headers), the refusals no route needs to see (a method
 *     nobody takes: 405; a Host that names no host or an address that is not valid percent-encoding: 400), the CSRF
 *     check, compression.
 *  3. The response cache's middleware (a hit, or a miss whose answer it keeps), the uploads, the build's files.
 *  4. The response cache's direct reads (a public resource route's loader, called without Remix's handler), then Remix.
 *  5. The last-resort error answer.
 *
 * `build` is the server build (the app's exports under `build.entry.module`), `info` what its start-up reported.
 */
export function createFront({ build, info, development, vite, loadBuild, isStopping }) {
  const app = express()
  app.disable('x-powered-by')
  // While shutting down, answer in-flight requests and close their connections instead of keeping them alive.
  app.use((_req, res, next) => {
    if (isStopping()) res.setHeader('Connection', 'close')
    next()
  })
  // TRUST_PROXY proxies in front: the client is the address the outermost of them saw (the right-most entries of
  // X-Forwarded-For are theirs; whatever the client itself put on the left is never believed).
  app.set('trust proxy', info.trustProxy)
  const https = servedOverHttps({ siteUrl: info.siteUrl, trustProxy: info.trustProxy })
  const logRequests = requestLog({ quiet: !info.logRequests })
  app.use(logRequests)
  // What the app is told about the visitor (login throttling, the Secure cookie); any value a client sent is replaced.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? ''
    req.headers[HTTPS_HEADER] = https(req) ? '1' : '0'
    next()
  })
  const addSecurityHeaders = securityHeaders({ development, https })
  app.use(addSecurityHeaders)
  // A document's PDF and preview stream from the storage at the client's pace (decision 047).
  app.use(documentFiles({ build }))
  // The CORS headers of the API, for the `/api/*` answers Express gives itself (below); Remix adds its own.
  const apiHeaders = (req) => build.entry.module.apiCorsHeaders(req.headers.origin)
  /** The JSON envelope for the `/api/*` answers Express gives itself. */
  const apiFailure = (req, res, status, message) =>
    res.status(status).set(apiHeaders(req)).set('Cache-Control', 'no-store').json(failureBody(message))
  const plainFailure = (res, status) =>
    res.status(status).type('html').set('Cache-Control', 'no-store').send(errorPage(status))

  // A request the app could not even turn into an address or a Web Request: a Host header (or, behind a trusted
  // proxy, X-Forwarded-Host) that names no host (`[::1`, `a b`, `evil/x`, a port past 65535) is a 400, as a malformed
  // path is; a method no route takes and the Fetch API refuses (TRACE, CONNECT, TRACK...) a 405. /api answers in the
  // JSON envelope, the rest with the plain page below.
  app.use((req, res, next) => {
    if (!METHODS.has(req.method)) {
      res.set('Allow', [...METHODS].join(', '))
      return isApiPath(req.path) ? apiFailure(req, res, 405, 'Method Not Allowed') : plainFailure(res, 405)
    }
    if (validHost(req.headers.host) && validHost(req.headers['x-forwarded-host'])) return next()
    return isApiPath(req.path) ? apiFailure(req, res, 400, 'Bad Request') : plainFailure(res, 400)
  })
  // GET /api/docs is a page (the reference): its other methods answer as every /api path does, in the JSON envelope
  // (a preflight with 204 and the CORS headers), not with Remix's HTML 405.
  app.all(/^\/api\/docs\/?$/i, (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next()
    if (req.method === 'OPTIONS') return res.status(204).set(apiHeaders(req)).end()
    res.set('Allow', 'GET, HEAD, OPTIONS')
    apiFailure(req, res, 405, 'Method Not Allowed')
  })
  // An address that is not valid percent-encoding (`/posts/%ff%fe`) names nothing here: `/api/*` gets the JSON
  // envelope, any other path the site's 400 page, which the catch-all route renders for this flag (app/routes/$.tsx).
  app.use((req, res, next) => {
    try {
      decodeURIComponent(req.path)
      return next()
    } catch {
      if (isApiPath(req.path)) return apiFailure(req, res, 400, 'Bad Request')
    }
    res.locals.badAddress = true
    // Remix reads originalUrl; the request's log line keeps the address as asked for.
    req.url = req.originalUrl = req.path.endsWith('.data') ? '/__bad-address.data' : '/__bad-address'
    next()
  })
  app.use(csrfProtection({ apiHeaders }))
  app.use(compression())

  // Anonymous public reads from memory until the next write (not in development, where the build changes).
  const cache = vite
    ? undefined
    : responseCache({
        build,
        dataVersion: () => build.entry.module.publicDataVersion(),
        namespace: () => build.entry.module.scopeKey('the response cache'),
      })
  if (cache) app.use(cache.middleware)
  // With REGENCY_HOST, the uploads of the village whose host was asked (its scope's storage, from the build).
  const uploads = storageFromEnv()
  app.use('/uploads', serveUploads(info.regencyHost ? () => build.entry.module.scopeStorage() : () => uploads))
  if (vite) {
    app.use(vite.middlewares)
  } else {
    const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
    app.use(
      '/assets',
      express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', index: false }),
    )
    // Every public file has an extension (favicon.svg, icon-192.png...): a path without one (a page, the API) goes
    // straight on, without a disk lookup per request.
    const publicFiles = express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false })
    app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()))
  }
  // Remix would answer `<path>.data` in its own single-fetch encoding; no API path ends so (slugs and ids hold no
  // dot), so under /api it is an unknown path like any other: a JSON 404.
  app.use((req, res, next) =>
    isApiPath(req.path) && req.path.endsWith('.data') ? apiFailure(req, res, 404, 'Not found') : next(),
  )

  /** What the app's loaders and actions get as their `context`. */
  const getLoadContext = (req, res) => ({
    cspNonce: res.locals.cspNonce,
    requestId: res.locals.requestId,
    badAddress: res.locals.badAddress === true,
    // What the page parts rendered once per data version are kept under (decision 071); none in development.
    dataVersion: vite || req.method !== 'GET' ? undefined : build.entry.module.publicDataVersion(),
    skipResponseCache: () => (res.locals.skipResponseCache = true),
  })
  if (cache) app.use(directReads({ shared: cache.shared, getLoadContext }))
  app.all(
    '*',
    createRequestHandler({
      build: vite ? () => loadBuild() : build,
      // Remix's production handling in both modes: in its development mode an error's message and stack (with the
      // server's paths) go into the page's data and the `.data` answers. The log keeps them (entry.server.tsx).
      mode: 'production',
      getLoadContext,
    }),
  )

  // Errors Express meets outside Remix (a file that cannot be read, say): never its default page, which shows the
  // stack and server paths outside production. `/api/*` answers in the JSON envelope, anything else a plain page.
  app.use((error, req, res, next) => {
    const status = Number.isInteger(error?.status) && error.status >= 400 && error.status < 500 ? error.status : 500
    if (status === 500)
      log.error(
        {
          event: 'server-error',
          err: error,
          id: res.locals.requestId,
          method: req.method,
          path: req.path,
        },
        'unexpected error',
      )
    if (res.headersSent) return next(error)
    if (isApiPath(req.path))
      return apiFailure(req, res, status, status === 500 ? 'Internal Server Error' : 'Bad Request')
    plainFailure(res, status)
  })

  /** The node:http request listener: the replay of a stored answer before Express, else Express. */
  const noop = () => undefined
  const handle = (req, res) => {
    lingerAfterEarlyAnswers(req)
    dropUntrustedForwarding(req, info.trustProxy)
    if (hasDotSegment(req.url)) return refuseDotSegment(req, res)
    if (info.regencyHost) return villageRequest(req, res)
    serve(req, res)
  }
  /** What Express would have done before an answer given without it: the log line, the security headers. */
  const outsideExpress = (req, res) => {
    res.locals = {}
    req.path = req.url.split('?')[0]
    if (isStopping()) res.setHeader('Connection', 'close')
    logRequests(req, res, noop)
    addSecurityHeaders(req, res, noop)
  }
  const serve = (req, res) => {
    const served = cache?.replay(req, res, () => outsideExpress(req, res))
    if (!served) app(req, res)
  }
  /**
   * A `.` or `..` segment, plain or encoded (server/dot-segments.mjs; decision 059): the front decides on the path as
   * it came and Remix would resolve the dots into another one, so it is a 400 at every host, before any of them.
   */
  const refuseDotSegment = (req, res) => {
    outsideExpress(req, res)
    res.statusCode = 400
    res.setHeader('Cache-Control', 'no-store')
    if (isApiPath(req.path)) {
      for (const [name, value] of Object.entries(apiHeaders(req))) res.setHeader(name, value)
      res.setHeader('Content-Type', 'application/json; charset=utf-8')
      return res.end(JSON.stringify(failureBody('Bad Request')))
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.end(errorPage(400))
  }

  /**
   * With REGENCY_HOST (docs/api.md "Many villages in one install"; decision 055): the Host chooses the site, and the
   * whole request runs in its scope (its database, caches, uploads). A host that names no village is a 404, a
   * suspended village's every address a 503, the regency host serves only the routes that declare it
   * (`handle.regency`, server/regency-host.mjs) and the build's files; /healthz answers on every host.
   */
  const regencyServes = info.regencyHost ? regencyPaths(build) : undefined
  const villageRequest = (req, res, rechecked) => {
    const villages = build.entry.module
    const forwarded = (info.trustProxy > 0 && req.headers['x-forwarded-host']) || req.headers.host
    const host = typeof forwarded === 'string' ? forwarded.split(',')[0] : undefined
    let site = rechecked ?? villages.siteOfHost(host)
    // Decided on the path as Remix reads it: an http URL's `\` is a `/` to it (`/api\public\posts\x.txt` is no file).
    const path = req.url.split('?')[0].replace(/\\/g, '/')
    // On PostgreSQL a village made or resumed by another process a moment ago: the registry is read again first.
    const recheck = !rechecked && (site.kind === 'unknown' || site.kind === 'suspended') && villages.recheckSite(host)
    if (recheck)
      return void recheck.then(
        (fresh) => villageRequest(req, res, fresh),
        () => villageRequest(req, res, site),
      )
    if (path === '/healthz' && site.kind !== 'village') site = { kind: 'regency', scope: villages.regencyScope() }
    else if (site.kind === 'unknown' || (site.kind === 'regency' && !regencyServes(path)))
      return siteAnswer(res, path, 404, 'Desa tidak ditemukan')
    else if (site.kind === 'suspended') return siteAnswer(res, path, 503, 'Situs desa ini sedang dinonaktifkan.')
    req.village = site.scope.slug
    res.once('close', villages.holdScope(site.scope))
    // Its databases open as the request first reads them (the Prisma client only if it queries it: app/utils/db.server.ts).
    villages.inScope(site.scope, () => serve(req, res))
  }
  return { handle }
}

/** The 404 and 503 of the regency mode, given before any site is chosen: the envelope under /api, else a page. */
function siteAnswer(res, path, status, message) {
  res.statusCode = status
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  if (status === 503) res.setHeader('Retry-After', '3600')
  if (isApiPath(path)) {
    res.setHeader('Content-Type', 'application/json; charset=utf-8')
    return res.end(JSON.stringify(failureBody(message)))
  }
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  res.end(
    `<!DOCTYPE html><html lang="id"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${message}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem;color:#111827">` +
      `<p style="font-size:3rem;font-weight:700;color:#047857;margin:0">${status}</p><h1>${message}</h1></body></html>`,
  )
}

// Without a trusted proxy the forwarded headers are the client's own words. Remix builds the request's address
// (siteUrl() when SITE_URL is unset: canonical links, feeds, reset links) with the port of X-Forwarded-Host whatever
// Express trusts, and a cached page would hand that address to every later visitor: they go before anything reads
// them. Behind a proxy they stay, and the response cache keys its answers by them (server/response-cache.mjs).
const FORWARDING = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port']
function dropUntrustedForwarding(req, trustProxy) {
  if (trustProxy > 0) return
  for (const name of FORWARDING) delete req.headers[name]
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?\.?)(?::(\d{1,5}))?$/
function validHost(value) {
  if (value === undefined) return true
  const match = HOST.exec(value)
  if (!match || (match[1] !== undefined && Number(match[1]) > 65535)) return false
  return URL.canParse(`http://${value}/`)
}

/** The last-resort page (Remix renders the site's own error screens; this is only for errors outside it). */
function errorPage(status) {
  const [title, text] =
    status === 500
      ? ['Terjadi Kesalahan', 'Halaman ini gagal dimuat. Silakan coba lagi beberapa saat lagi.']
      : status === 405
        ? ['Metode Tidak Diizinkan', 'Permintaan dengan metode ini tidak dilayani di alamat ini.']
        : ['Permintaan Tidak Valid', 'Alamat atau permintaan ini tidak dapat diproses.']
  return (
    `<!DOCTYPE html><html lang="id"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem;color:#111827">` +
    `<p style="font-size:3rem;font-weight:700;color:#047857;margin:0">${status}</p><h1>${title}</h1><p>${text}</p>` +
    `<p><a href="/" style="color:#047857">Kembali ke Beranda</a></p></body></html>`
  )
}
