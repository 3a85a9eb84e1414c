// The Balai Desa HTTP server: Remix behind a small Express app that adds security headers,
// request logs, the uploads folder and graceful shutdown. `npm start` runs it after migrating.
import cluster from 'node:cluster'
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import compression from 'compression'
import express from 'express'
import fs from 'node:fs'
import { requestLog } from './server/logging.mjs'
import { runPrimary } from './server/cluster.mjs'
import { csrfProtection, securityHeaders } from './server/security.mjs'
import { responseCache } from './server/response-cache.mjs'
import { storageFromEnv } from './server/storage.mjs'
import { serveUploads } from './server/uploads.mjs'

// Values in .env apply where the environment does not set them already.
if (fs.existsSync('.env')) process.loadEnvFile('.env')

const development = process.env.NODE_ENV === 'development' || process.argv.includes('--dev')
const production = process.env.NODE_ENV === 'production'

const vite = development
  ? await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
  : undefined

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const loadBuild = () =>
  vite ? vite.ssrLoadModule('virtual:remix/server-build') : import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)

let build
let info
try {
  build = await loadBuild()
  // With WEB_CONCURRENCY > 1 the primary process does the start-up work once, then starts the workers.
  info = (await (cluster.isWorker ? build.entry.module.workerStartup() : build.entry.module.startup())).env
} catch (error) {
  // A configuration error names the variable; nothing else of the stack is useful to the operator.
  console.error(error?.name === 'ConfigError' ? `[balai-desa] ${error.message}` : error)
  process.exit(1)
}

let stopping = false
const app = express()
app.disable('x-powered-by')
// While shutting down, answer in-flight requests and close their connections instead of keeping them alive.
app.use((_req, res, next) => {
  if (stopping) res.setHeader('Connection', 'close')
  next()
})
app.set('trust proxy', process.env.TRUST_PROXY === '1' || process.env.TRUST_PROXY === 'true')
const logRequests = requestLog({ quiet: process.env.LOG_REQUESTS === '0' })
app.use(logRequests)
// The client's address for the app (login throttling); any value a client sent itself is replaced.
app.use((req, _res, next) => {
  req.headers['x-balai-client-ip'] = req.ip ?? req.socket.remoteAddress ?? ''
  next()
})
const addSecurityHeaders = securityHeaders({ production, development })
app.use(addSecurityHeaders)
// The CORS headers of the API, for the `/api/*` answers Express gives itself (below); Remix adds its own.
const apiHeaders = (req) => build.entry.module.apiCorsHeaders(req.headers.origin)
app.use(csrfProtection({ apiHeaders }))
app.use(compression())
// Anonymous public reads from memory until the next write (see server/response-cache.mjs).
const cache = vite ? undefined : responseCache()
if (cache) app.use(cache)
app.use('/uploads', serveUploads(storageFromEnv()))

if (vite) {
  app.use(vite.middlewares)
} else {
  app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', index: false }))
  // Every public file has an extension (favicon.svg, icon-192.png...): a path without one (a page, the API) goes
  // straight on, without a disk lookup per request.
  const publicFiles = express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false })
  app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()))
}

// Remix would answer `<path>.data` in its own single-fetch encoding; no API path ends so (slugs and ids hold no
// dot), so under /api it is an unknown path like any other: a JSON 404.
app.use((req, res, next) => {
  if (!/^\/api\/.*\.data$/i.test(req.path)) return next()
  res.status(404).set(apiHeaders(req)).set('Cache-Control', 'no-store').json({ success: false, message: 'Not found', errors: null })
})

app.all(
  '*',
  createRequestHandler({
    build: vite ? () => loadBuild() : build,
    mode: development ? 'development' : 'production',
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce, requestId: res.locals.requestId }),
  }),
)

// Errors Express meets before Remix does (a path that is not valid percent-encoding, say) still answer `/api/*`
// in the JSON envelope, never as an HTML page.
app.use((error, req, res, next) => {
  if (res.headersSent || !/^\/api(\/|$)/i.test(req.path)) return next(error)
  const status = Number.isInteger(error?.status) && error.status >= 400 && error.status < 500 ? error.status : 500
  if (status === 500) console.error('[api] unexpected error', req.method, req.path, error)
  res.status(status).set(apiHeaders(req)).set('Cache-Control', 'no-store').json({ success: false, message: status === 500 ? 'Internal Server Error' : 'Bad Request', errors: null })
})

const listening = () =>
  console.log(
    `[balai-desa] listening on http://localhost:${info.port} (${info.nodeEnv}); database ${info.database}; uploads ${info.uploads}` +
      (info.concurrency > 1 ? `; ${info.concurrency} workers` : ''),
  )

if (cluster.isPrimary && info.concurrency > 1) {
  runPrimary({ count: info.concurrency, serveWriteLock: build.entry.module.serveWriteLock, listening })
  build.entry.module.sweepPeriodically()
} else {
  if (cluster.isPrimary) build.entry.module.sweepPeriodically()
  serve()
}

function serve() {
  // A cached public read is answered before Express runs, with the same log line and security headers.
  const noop = () => undefined
  const server = http.createServer((req, res) => {
    const served = cache?.tryReplay(req, res, () => {
      res.locals = {}
      req.path = req.url.split('?')[0]
      if (stopping) res.setHeader('Connection', 'close')
      logRequests(req, res, noop)
      addSecurityHeaders(req, res, noop)
    })
    if (!served) app(req, res)
  })
  server.listen(info.port, cluster.isWorker ? undefined : listening)
  server.keepAliveTimeout = 65_000

  // SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, then exit.
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      console.log(`[balai-desa] ${signal}: finishing in-flight requests`)
      server.close(() => process.exit(0))
      // Keep-alive connections that go idle are closed as soon as their request is answered.
      setInterval(() => server.closeIdleConnections(), 100).unref()
      server.closeIdleConnections()
      setTimeout(() => process.exit(0), 10_000).unref()
    })
  }
}
