/**
 * What the HTTP front (server/) tells the app about a request, in headers it sets on every request after removing
 * any a client sent: the client's address (behind TRUST_PROXY proxies, the one the outermost saw), whether the visitor
 * came over HTTPS, and the request's id (also sent back as `X-Request-Id` and named in its log line).
 */
export const CLIENT_IP_HEADER = 'x-balai-client-ip'
export const HTTPS_HEADER = 'x-balai-https'
export const REQUEST_ID_HEADER = 'x-balai-request-id'

/**
 * Whether a request reached the site over HTTPS: the site's public address is https://, or a trusted proxy
 * (TRUST_PROXY hops, at least one) says so in X-Forwarded-Proto, read as Express reads it for `req.protocol` (the
 * first value), so the app's idea of its own address agrees. Decided once per request by the front, which passes the
 * answer on in HTTPS_HEADER; takes raw Node requests too (the cache's replay).
 * @param {{ siteUrl?: string, trustProxy: number }} options
 */
export function servedOverHttps({ siteUrl, trustProxy }) {
  const always = /^https:/i.test(siteUrl ?? '')
  return (/** @type {{ headers: Record<string, string | string[] | undefined> }} */ req) =>
    always ||
    (trustProxy > 0 &&
      String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]
        .trim()
        .toLowerCase() === 'https')
}
