import { COPY_NAME, STORED_NAME } from '../core/image-variants.js'
import { UPLOAD_KINDS, IMMUTABLE, contentTypeOf } from '../core/storage.mjs'

export { UPLOAD_KINDS }

/**
 * GET /uploads/{kind}/{file}: only files we stored, in one of the kinds (`settings` holds the village's logo); anything
 * else is 404 (no traversal, no listing). Only names the app makes are served: a stored picture or one of its width
 * copies (core/image-variants.js, STORED_NAME and COPY_NAME). Long immutable caching: a replaced image gets a new
 * name. `storageOf()` gives core/storage.mjs's storage (local folder or S3 bucket) of the site asked (decision 055).
 */
export function serveUploads(storageOf) {
  return async (req, res, next) => {
    const storage = storageOf()
    const notFound = () => res.status(404).type('text/plain').set('X-Content-Type-Options', 'nosniff').send('Not found')
    // Nothing under /uploads is ever written or handled by the site: other methods are 404 too.
    if (req.method !== 'GET' && req.method !== 'HEAD') return notFound()
    // Exactly "/{kind}/{file}": no empty segment, no trailing slash, nothing deeper.
    const parts = req.path.split('/')
    if (parts.length !== 3 || parts[0] !== '') return notFound()
    const [, kind, file] = parts
    if (!UPLOAD_KINDS.includes(kind) || !(STORED_NAME.test(file) || COPY_NAME.test(file))) return notFound()
    const send = (name) =>
      storage.send(req, res, kind, name, {
        'Content-Type': contentTypeOf(name),
        'Cache-Control': IMMUTABLE,
        'X-Content-Type-Options': 'nosniff',
        'Cross-Origin-Resource-Policy': 'cross-origin',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      })
    try {
      if (await send(file)) return
      // A WebP width copy that was never made (a picture stored before copies existed, whose name has no size):
      // the original instead. A picture whose name has its size has every copy its pages list.
      const original = COPY_NAME.exec(file)?.[1]?.match(/^[a-f0-9]{32}$/)?.[0]
      for (const ext of original ? ['jpg', 'png', 'webp'] : []) {
        if (res.headersSent) return
        if (await send(`${original}.${ext}`)) return
      }
      if (!res.headersSent) notFound()
    } catch (error) {
      if (res.headersSent) return res.destroy()
      next(error)
    }
  }
}
