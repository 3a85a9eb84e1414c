import crypto from 'node:crypto'
import { REQUEST_ID_HEADER } from '../core/front-headers.mjs'
import { log } from '../core/log.mjs'

/**
 * One log line per request (`event: "request"`): method, path (no query string: it may hold search terms, never
 * tokens or passwords; the token of a reset or preview link redacted, as in every line: core/log.mjs
 * SECRET_PATTERNS), status, duration in ms and a request id also sent back as
 * `X-Request-Id` and handed to the app (`x-balai-request-id`), so an error logged while answering names the
 * request it belongs to.
 */
export function requestLog({ quiet }) {
  return (req, res, next) => {
    const started = process.hrtime.bigint()
    const id = crypto.randomUUID()
    res.locals.requestId = id
    res.setHeader('X-Request-Id', id)
    req.headers[REQUEST_ID_HEADER] = id
    // The path as asked for, even when the server answers it under another (a malformed address, see server.mjs);
    // the logger takes out the secret a reset or preview link carries.
    const path = (req.originalUrl ?? req.url).split('?')[0]
    res.on('finish', () => {
      if (quiet) return
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10
      log[res.statusCode >= 500 ? 'error' : 'info']({
        event: 'request',
        id,
        method: req.method,
        path,
        // With REGENCY_HOST, the village asked (server/http-front.mjs).
        ...(req.village ? { village: req.village } : {}),
        status: res.statusCode,
        ms,
      })
    })
    next()
  }
}
