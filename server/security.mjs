import crypto from 'node:crypto'

/**
 * Security headers on every response. Scripts run only from our origin or with this request's nonce
 * (Remix's inline hydration scripts carry it), so injected markup cannot execute.
 */
export function securityHeaders({ production, development }) {
  return (req, res, next) => {
    const nonce = crypto.randomBytes(16).toString('base64')
    res.locals.cspNonce = nonce
    const directives = [
      "default-src 'self'",
      development ? `script-src 'self' 'nonce-${nonce}' 'unsafe-inline'` : `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: http: https:",
      "font-src 'self' data:",
      development ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'self'",
      "form-action 'self'",
      ...(production ? ['upgrade-insecure-requests'] : []),
    ]
    res.setHeader('Content-Security-Policy', directives.join('; '))
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()')
    res.setHeader('X-Frame-Options', 'SAMEORIGIN')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    if (production) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    next()
  }
}
