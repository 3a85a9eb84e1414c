import fs from 'node:fs'
import path from 'node:path'

export const UPLOAD_KINDS = ['posts', 'products', 'photos', 'sliders', 'aparaturs']
const TYPES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' }

/**
 * GET /uploads/{kind}/{file}: only files we stored, in one of the five folders; anything else is 404
 * (no traversal, no listing). Long immutable caching: a replaced image gets a new name.
 * `names` are the app's patterns of a stored picture and of its width copies (app/lib/image-variants.js,
 * STORED_NAME and COPY_NAME, handed over by the server build): only names the app makes are served.
 */
export function serveUploads(uploadsDir, names) {
  const root = path.resolve(uploadsDir)
  return (req, res) => {
    const notFound = () => res.status(404).type('text/plain').set('X-Content-Type-Options', 'nosniff').send('Not found')
    // Nothing under /uploads is ever written or handled by the site: other methods are 404 too.
    if (req.method !== 'GET' && req.method !== 'HEAD') return notFound()
    // Exactly "/{kind}/{file}": no empty segment, no trailing slash, nothing deeper.
    const parts = req.path.split('/')
    if (parts.length !== 3 || parts[0] !== '') return notFound()
    const [, kind, file] = parts
    const type = names.storedName.exec(file)?.[4] ?? (names.copyName.test(file) ? 'webp' : undefined)
    if (!UPLOAD_KINDS.includes(kind) || !type) return notFound()
    send(file, type, () => {
      // A WebP width copy that was never made (a picture stored before copies existed, whose name has no size):
      // the original instead. A picture whose name has its size has every copy its pages list.
      const original = names.copyName.exec(file)?.[1]?.match(/^[a-f0-9]{32}$/)?.[0]
      const fallback = original && ['jpg', 'png', 'webp'].find((ext) => fs.existsSync(path.join(root, kind, `${original}.${ext}`)))
      if (fallback && !res.headersSent) send(`${original}.${fallback}`, fallback, notFound)
      else if (!res.headersSent) notFound()
    })

    function send(name, type, onMissing) {
      res.sendFile(
        path.join(kind, name),
        {
          root,
          dotfiles: 'deny',
          etag: true,
          lastModified: true,
          headers: {
            'Content-Type': TYPES[type],
            'Cache-Control': 'public, max-age=31536000, immutable',
            'X-Content-Type-Options': 'nosniff',
            'Cross-Origin-Resource-Policy': 'cross-origin',
            'Content-Security-Policy': "default-src 'none'; sandbox",
          },
        },
        (error) => {
          if (error && !res.headersSent) onMissing()
        },
      )
    }
  }
}
