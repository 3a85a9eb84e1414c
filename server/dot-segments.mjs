/**
 * Whether the path of a request target (what came before `?`) holds a `.` or `..` segment, however it is written
 * (docs/decisions/059-dot-segments-refused-at-the-front.md). The front decides on the path as it came (the regency
 * host's allowlist, the response cache's key, the uploads, the document files, the build's files), and Remix's URL
 * parser then resolves such segments into another path: the front refuses them before any of that runs.
 *
 * A dot segment is whatever a layer could turn into one: `.` or `..` with each dot plain or `%2E` (`.%2e`, `%2E.`:
 * the URL standard resolves them all), between separators that are `/`, `\` (an http URL reads it as `/`), or `%2F` /
 * `%5C` (a layer that decodes the path before splitting it). Encoded again it is refused too: no layer here decodes a
 * path twice, and none is given the chance. An encoded `%` however deep (`%252E`, `%25252E`) counts as `%`; other
 * escapes (`%25%32%45`) are decoded three times. A dot inside a segment (`a..b`, `sitemap.xml`, `name.w640.webp`,
 * `.well-known`) is no dot segment.
 */
export function hasDotSegment(/** @type {string} */ target) {
  const mark = target.indexOf('?')
  let path = (mark === -1 ? target : target.slice(0, mark)).replace(ENCODED_PERCENTS, '%')
  for (let round = 0; round < DECODINGS; round++) {
    const decoded = path.replace(ASCII_ESCAPE, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
    if (decoded.split(SEPARATOR).some((segment) => segment === '.' || segment === '..')) return true
    if (decoded === path) return false
    path = decoded
  }
  return false
}

const DECODINGS = 3
/** `%25`, `%2525`...: a percent sign encoded once or more, read in one pass (the loop below would take one a round). */
const ENCODED_PERCENTS = /%(?:25)+/gi
/** Only the ASCII escapes: no other byte decodes to a dot, a slash, a backslash or a percent sign. */
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi
const SEPARATOR = /[/\\]/
