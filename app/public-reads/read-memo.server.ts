import { etagOf } from '#core/etag.mjs'
import { getEnv } from '~/utils/config.server'
import { dataVersion } from '~/utils/db.server'
import { JSON_TYPE } from '~/utils/http.server'
import { scopeKey } from '~/utils/village-scope.server'

/**
 * Reads kept at once, every village's in one budget: 500 serve one village's screens; with REGENCY_HOST each village
 * needs its own (a home page is about ten), so 8,000 keep the home and first lists of several hundred villages, which
 * the spread figure of `npm run bench -- --villages 300` needs (docs/performance.md "Many villages").
 */
const MAX_ENTRIES = getEnv().REGENCY_HOST ? 8_000 : 500
/** Every village's reads (decision 055), keyed `{village}\n{key}`, in one budget. */
const reads = new Map<string, Promise<unknown>>()
/** The version each village's reads were made under. */
const readsVersions = new Map<string, number>()

/**
 * A public read, computed once per data version (it changes with every write of any worker or instance, see
 * data-version.server.ts) and shared by every request that asks for the same `key` meanwhile: the public API
 * (/api/public/*) reads through this.
 * A read that fails is not kept.
 */
export function cachedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const space = scopeKey('the read memo')
  const version = dataVersion()
  const readsVersion = readsVersions.get(space)
  if (version !== readsVersion) {
    if (readsVersions.size <= 1 && (readsVersion !== undefined || !readsVersions.size)) reads.clear()
    else for (const kept of reads.keys()) if (kept.startsWith(`${space}\n`)) reads.delete(kept)
    readsVersions.set(space, version)
  }
  key = `${space}\n${key}`
  const hit = reads.get(key)
  if (hit) return hit as Promise<T>
  if (reads.size >= MAX_ENTRIES) reads.delete(reads.keys().next().value!)
  const pending = read()
  reads.set(key, pending)
  pending.catch(() => {
    if (reads.get(key) === pending) reads.delete(key)
  })
  return pending
}

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
