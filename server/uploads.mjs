import fs from 'node:fs'
import path from 'node:path'

export const UPLOAD_KINDS = ['posts', 'products', 'photos', 'sliders', 'aparaturs', 'settings']
const TYPES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' }
// Only names we generate: 32 hex characters, an optional width suffix, a known image extension.
const FILE_NAME = /^[a-f0-9]{32}(?:-\d{2,4})?\.(jpg|png|gif|webp)$/

/**
 * GET /uploads/{kind}/{file}: only files we stored, in one of the six folders (`settings` holds the village's logo); anything else is 404
 * (no traversal, no listing). Long immutable caching: a replaced image gets a new name.
 */
export function serveUploads(uploadsDir) {
  const root = path.resolve(uploadsDir)
  return (req, res) => {
    const notFound = () => res.status(404).type('text/plain').set('X-Content-Type-Options', 'nosniff').send('Not found')
    // Nothing under /uploads is ever written or handled by the site: other methods are 404 too.
    if (req.method !== 'GET' && req.method !== 'HEAD') return notFound()
    // Exactly "/{kind}/{file}": no empty segment, no trailing slash, nothing deeper.
    const parts = req.path.split('/')
    if (parts.length !== 3 || parts[0] !== '') return notFound()
    const [, kind, file] = parts
    const match = FILE_NAME.exec(file)
    if (!UPLOAD_KINDS.includes(kind) || !match) return notFound()
    send(file, match[1], () => {
      // A WebP width copy that was never made (an image stored before copies existed): the original instead.
      const original = /^([a-f0-9]{32})-\d{2,4}\.webp$/.exec(file)?.[1]
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
