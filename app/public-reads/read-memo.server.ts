import { etagOf } from '#core/etag.mjs'
import { getEnv } from '~/utils/config.server'
import { dataVersion } from '~/utils/db.server'
import { JSON_TYPE } from '~/utils/http.server'
import { villageCache } from '~/utils/village-cache.server'

/**
 * Reads kept at once, every village's in one budget: 500 serve one village's screens; with REGENCY_HOST each village
 * needs its own (a home page is about ten), so 8,000 keep the home and first lists of several hundred villages, which
 * the spread figure of `npm run bench -- --villages 300` needs (docs/performance.md "Many villages").
 */
const reads = villageCache<Promise<unknown>>('the read memo', {
  maxEntries: getEnv().REGENCY_HOST ? 8_000 : 500,
})

/**
 * A public read, computed once per data version (it changes with every write of any worker or instance, see
 * data-version.server.ts) and shared by every request that asks for the same `key` meanwhile: the public API
 * (/api/public/*) reads through this.
 * A read that fails is not kept.
 */
export const cachedRead = <T>(key: string, read: () => Promise<T>): Promise<T> =>
  reads.here().remember(key, dataVersion(), read) as Promise<T>

/** Public answers may be stored, but are checked again every time: with the ETag that costs a 304. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate'

const matches = (request: Request, etag: string) =>
  (request.headers.get('If-None-Match') ?? '').split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')

/** Bodies already written for a read of the memo (the same object for every request of a data version). */
const written = new WeakMap<object, { message: string; body: string; etag: string }>()

/** The envelope of `data`, serialised and hashed once per memoised object. */
function envelope(message: string, data: unknown) {
  const known = typeof data === 'object' && data !== null ? written.get(data) : undefined
  if (known?.message === message) return known
  const body = JSON.stringify({ success: true, message, data })
  const result = { message, body, etag: etagOf(body) }
  if (typeof data === 'object' && data !== null) written.set(data, result)
  return result
}

/** A public API success with an ETag; a 304 without a body when the client already holds it. */
export function publicApiSuccess(request: Request, message: string, data: unknown): Response {
  const { body, etag } = envelope(message, data)
  if (matches(request, etag))
    return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': PUBLIC_CACHE_CONTROL } })
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': PUBLIC_CACHE_CONTROL, ETag: etag },
  })
}
