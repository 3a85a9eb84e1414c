// The Balai Desa server: loads the build, runs its start-up (or a worker's), then serves every request through the
// HTTP front (server/http-front.mjs: headers, checks, the response cache, then Remix), with one worker process per
// WEB_CONCURRENCY and a graceful shutdown. `npm start` runs it after migrating. It always runs as production, except
// under `npm run dev` (`--dev`): see docs/decisions/021-npm-start-is-production.md.
import cluster from 'node:cluster'
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fs from 'node:fs'
import { log, redactSecrets } from './core/log.mjs'
import { runPrimary } from './server/cluster.mjs'
import {
  installRemixAdapter,
  keepDataRouteTree,
  keepEntryRouteModules,
  keepServerRouteTree,
  shareLoaderRequest,
} from './server/remix-adapter.mjs'

// Before anything loads React Router's router (the front imports Remix): every edit of server/remix-adapter.mjs,
// each checked to fit the installed version (the server does not start when one no longer does).
try {
  installRemixAdapter()
} catch (error) {
  log.fatal({ event: 'remix-adapter', err: error }, error.message)
  process.exit(1)
}
const { createFront } = await import('./server/http-front.mjs')

// Values in .env apply where the environment does not set them already.
if (fs.existsSync('.env')) process.loadEnvFile('.env')

// One switch for the mode: a NODE_ENV left in .env or the shell never turns a village's server into a developer's.
const development = process.argv.includes('--dev')
const mode = development ? 'development' : 'production'
if (process.env.NODE_ENV && process.env.NODE_ENV !== mode) {
  log.warn(
    { event: 'mode', ignored: process.env.NODE_ENV },
    `NODE_ENV=${process.env.NODE_ENV} ignored: the server runs as ${mode} (development only under npm run dev)`,
  )
}
process.env.NODE_ENV = mode

// Vite's own messages (`npm run dev`: a module that fails to compile names the address asked) go through the same
// redaction as the log's lines (core/log.mjs SECRET_PATTERNS).
const vite = development
  ? await import('vite').then((v) => {
      const base = v.createLogger()
      const redacted = (write) => (message, options) => write(redactSecrets(String(message)), options)
      // Its other members (hasWarned, clearScreen...) read through to Vite's logger.
      const customLogger = Object.assign(Object.create(base), {
        info: redacted(base.info),
        warn: redacted(base.warn),
        warnOnce: redacted(base.warnOnce),
        error: redacted(base.error),
      })
      return v.createServer({ server: { middlewareMode: true }, customLogger })
    })
  : undefined

// Before the build loads (and once NODE_ENV is settled: this loads React): Remix's render route tree and its route
// modules kept, and one request for a page's loaders (decision 091).
keepServerRouteTree()
keepDataRouteTree()
keepEntryRouteModules()
shareLoaderRequest()

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const loadBuild = () =>
  vite
    ? vite.ssrLoadModule('virtual:remix/server-build')
    : import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)

let build
let info
try {
  build = await loadBuild()
  // With WEB_CONCURRENCY > 1 the primary process does the start-up work once, then starts the workers.
  info = (await (cluster.isWorker ? build.entry.module.workerStartup() : build.entry.module.startup())).env
} catch (error) {
  // A configuration error names the variable; nothing else of the stack is useful to the operator.
  if (error?.name === 'ConfigError') log.fatal({ event: 'config' }, error.message)
  else log.fatal({ event: 'startup', err: error }, 'the server could not start')
  process.exit(1)
}
log.level = info.logLevel

let stopping = false
const front = createFront({ build, info, development, vite, loadBuild, isStopping: () => stopping })

const listening = () => {
  const url = `http://localhost:${info.port}`
  const workers = info.concurrency > 1 ? `, ${info.concurrency} workers` : ''
  log.info(
    {
      event: 'listening',
      url,
      mode,
      database: info.database,
      uploads: info.uploads,
      trustProxy: info.trustProxy,
      workers: info.concurrency,
    },
    `listening on ${url} (${mode}${workers})`,
  )
}

if (cluster.isPrimary && info.concurrency > 1) {
  runPrimary({ count: info.concurrency, serveWriteLock: build.entry.module.serveWriteLock, listening })
  build.entry.module.sweepPeriodically()
} else {
  if (cluster.isPrimary) build.entry.module.sweepPeriodically()
  serve()
}

function serve() {
  const server = http.createServer(front.handle)
  server.listen(info.port, cluster.isWorker ? undefined : listening)
  server.keepAliveTimeout = 65_000

  // SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, then exit.
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      log.info({ event: 'shutdown', signal }, `${signal}: finishing in-flight requests`)
      server.close(() => process.exit(0))
      // Keep-alive connections that go idle are closed as soon as their request is answered.
      setInterval(() => server.closeIdleConnections(), 100).unref()
      server.closeIdleConnections()
      setTimeout(() => process.exit(0), 10_000).unref()
    })
  }
}
