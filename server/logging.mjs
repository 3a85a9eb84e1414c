import crypto from 'node:crypto'

/** A password reset link carries its one-time token in the path: the log never shows it. */
const loggedPath = (path) => path.replace(/^(\/reset-password\/)[^/]+/i, '$1[token]')

/**
 * One JSON line per request: method, path (no query string: it may hold search terms, never tokens
 * or passwords), status, duration and a request id also sent back as `X-Request-Id`.
 */
export function requestLog({ quiet }) {
  return (req, res, next) => {
    const started = process.hrtime.bigint()
    const id = crypto.randomUUID()
    res.locals.requestId = id
    res.setHeader('X-Request-Id', id)
    res.on('finish', () => {
      if (quiet) return
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      process.stdout.write(
        JSON.stringify({ t: new Date().toISOString(), id, method: req.method, path: loggedPath(req.path), status: res.statusCode, ms: Math.round(ms * 10) / 10 }) + '\n',
      )
    })
    next()
  }
}
