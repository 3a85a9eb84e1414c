import cluster from 'node:cluster'
import pino from 'pino'

/** The levels LOG_LEVEL accepts (app/server/env.server.ts names a wrong one at start-up). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/**
 * The server's one logger: one JSON line per event on stdout, `{"level":"info","t":"<ISO time>","pid":..,
 * "event":"...", ...fields, "msg":"..."}`, with `"worker": N` (node:cluster's id of the process) in a
 * worker process. An error goes under `err` with its type, message and stack, in the same line. Used by
 * server.mjs and server/*.mjs, and by the app through app/server/log.server.ts.
 */
export const log = pino({
  level: LOG_LEVELS.includes(process.env.LOG_LEVEL?.trim().toLowerCase()) ? process.env.LOG_LEVEL.trim().toLowerCase() : 'info',
  base: cluster.isWorker ? { pid: process.pid, worker: cluster.worker.id } : { pid: process.pid },
  timestamp: () => `,"t":"${new Date().toISOString()}"`,
  formatters: { level: (label) => ({ level: label }) },
})

/**
 * A path as it may be logged: the secret a path carries is replaced. A password-reset link's token
 * (`/reset-password/<token>`, also as Remix's `/reset-password/<token>.data`) works as a password until it is used
 * or expires, so it never reaches the log. Route matching ignores case, and so does this.
 */
export const loggablePath = (path) => path.replace(/^(\/reset-password\/)[^/]+/i, '$1[redacted]')
