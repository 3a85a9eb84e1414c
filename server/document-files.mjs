import { pipeline } from 'node:stream/promises'

/**
 * GET /dokumen/{slug}/unduh and /dokumen/{slug}/pratinjau.png: a document's PDF and its first page (docs/api.md
 * "Documents and public information"; decision 047). The app decides who may have the file and opens it
 * (`documentFileAnswer` of the build); it is piped here at the pace the client reads, so the server never holds more
 * than a chunk of it whatever its size (Remix's writer does not wait for the socket). Its answer carries its own
 * Content-Security-Policy (`sandbox`) and nosniff: the page's, set before, would be joined to them as second values.
 */
const DOCUMENT_FILE = /^\/dokumen\/([^/]+)\/(unduh|pratinjau\.png)$/i

export function documentFiles({ build }) {
  return async (req, res, next) => {
    const match = DOCUMENT_FILE.exec(req.path)
    if (!match || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
    let slug
    try {
      slug = decodeURIComponent(match[1])
    } catch {
      return next() // not valid percent-encoding: the site's 400
    }
    res.removeHeader('Content-Security-Policy')
    res.removeHeader('X-Content-Type-Options')
    try {
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value)
      const request = new Request(new URL(req.originalUrl, 'http://localhost'), { headers })
      const answer = await build.entry.module.documentFileAnswer(request, slug, match[2].toLowerCase() !== 'unduh')
      res.status(answer.status).set(answer.headers)
      if (typeof answer.body === 'string' || req.method === 'HEAD') {
        if (typeof answer.body !== 'string') answer.body.destroy()
        return res.end(typeof answer.body === 'string' && req.method !== 'HEAD' ? answer.body : undefined)
      }
      await pipeline(answer.body, res)
    } catch (error) {
      // The reader hung up (it left the page while the file was on its way): nothing to answer, nothing to log.
      if (res.headersSent || req.destroyed || error?.code === 'ERR_STREAM_PREMATURE_CLOSE') return res.destroy()
      next(error)
    }
  }
}
