import crypto from 'node:crypto'
import { failureBody, isApiPath } from '../core/api-envelope.mjs'

const PREVIEW_PAGE = /^\/pratinjau\//i

/**
 * Security headers on every response. Scripts run only from our origin or with this request's nonce
 * (Remix's inline hydration scripts carry it), so injected markup cannot execute. HSTS, COOP and
 * `upgrade-insecure-requests` only when the visitor came over HTTPS (`https(req)`): on a plain-HTTP address (a
 * village LAN) they would send the browser to an https:// that does not exist.
 */
export function securityHeaders({ development, https }) {
  return (req, res, next) => {
    const secure = !development && https(req)
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
      ...(secure ? ['upgrade-insecure-requests'] : []),
    ]
    res.setHeader('Content-Security-Policy', directives.join('; '))
    res.setHeader('X-Content-Type-Options', 'nosniff')
    // A preview link's page (/pratinjau/{token}, app/doors/content/preview.server.ts): its address is the secret, so a link
    // followed from it sends no Referer at all.
    res.setHeader('Referrer-Policy', PREVIEW_PAGE.test(req.path) ? 'no-referrer' : 'strict-origin-when-cross-origin')
    res.setHeader(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    )
    res.setHeader('X-Frame-Options', 'SAMEORIGIN')
    if (secure) {
      res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
      // Browsers ignore it on a plain-HTTP address other than localhost, and say so in the console of every page.
      res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    }
    next()
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF: a state change that rides on the session cookie must come from our own pages. Browsers send
 * Sec-Fetch-Site and/or Origin with every POST/PUT/DELETE; a cross-site one is refused with 403.
 * Requests carrying a bearer token (the API's clients) are not affected: a browser never adds that header
 * on its own, so it cannot be forged cross-site. `apiHeaders(req)` gives the CORS headers of an `/api/*` refusal.
 */
export function csrfProtection({ apiHeaders = () => ({}) } = {}) {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next()
    if (/^Bearer\s/i.test(req.headers.authorization ?? '')) return next()
    if (!/(?:^|;\s*)token=/.test(req.headers.cookie ?? '')) return next()
    const site = req.headers['sec-fetch-site']
    const origin = req.headers.origin
    let crossSite = site !== undefined && site !== 'same-origin' && site !== 'none'
    if (!crossSite && origin !== undefined) {
      try {
        crossSite = origin === 'null' || new URL(origin).host !== req.headers.host
      } catch {
        crossSite = true
      }
    }
    if (!crossSite) return next()
    res.status(403)
    if (isApiPath(req.path)) {
      res.set(apiHeaders(req)).json(failureBody('Cross-site request refused'))
    } else {
      res.type('text/plain').send('Cross-site request refused')
    }
  }
}
