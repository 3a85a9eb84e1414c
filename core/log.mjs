import cluster from 'node:cluster'
import pino from 'pino'

/** The levels LOG_LEVEL accepts (core/env.mjs names a wrong one at start-up). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/** A password-reset link's token (`/reset-password/<token>`, also as Remix's `<token>.data`), wherever it appears. */
const RESET_TOKEN = /(\/reset-password\/)[^/\s"'?#<>\\]+/gi

/**
 * A path, or any text, as it may be logged: a reset link's token works as a password until it is used or expires,
 * so it never reaches the log. Route matching ignores case, and so does this.
 */
export const loggablePath = (text) => text.replace(RESET_TOKEN, '$1[redacted]')

/** pino's error serializer (type, message, stack, own fields), with the same redaction in every text it holds. */
function serializeError(error) {
  const serialized = pino.stdSerializers.err(error)
  try {
    const json = JSON.stringify(serialized)
    return json === undefined ? serialized : JSON.parse(loggablePath(json))
  } catch {
    return serialized
  }
}

/** Fields every line gets from where it is logged (the village a request is for: decision 055); none by default. */
let context = () => undefined

/** With REGENCY_HOST the app names the village of the code that logs (app/models/villages.server.ts). */
export const setLogContext = (fields) => void (context = fields)

/**
 * The server's one logger: one JSON line per event on stdout, `{"level":"info","t":"<ISO time>","pid":..,
 * "event":"...", ...fields, "msg":"..."}`, with `"worker": N` (node:cluster's id of the process) in a
 * worker process. An error goes under `err` with its type, message and stack, in the same line. Used by
 * server.mjs and server/*.mjs, and by the app through app/utils/error-log.server.ts.
 */
export const log = pino({
  level: LOG_LEVELS.includes(process.env.LOG_LEVEL?.trim().toLowerCase())
    ? process.env.LOG_LEVEL.trim().toLowerCase()
    : 'info',
  base: cluster.isWorker ? { pid: process.pid, worker: cluster.worker.id } : { pid: process.pid },
  timestamp: () => `,"t":"${new Date().toISOString()}"`,
  formatters: { level: (label) => ({ level: label }) },
  serializers: { err: serializeError },
  mixin: () => context() ?? {},
})
