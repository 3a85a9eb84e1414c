import { parseListQuery, PUBLIC_PAGE_SIZE } from './paging'

/**
 * What a public route reads of its address's query, declared by the route itself as `handle.cacheKey`: the response
 * cache (server/response-cache.mjs) keys an anonymous answer by the path and this canonical query, and renders a miss
 * from that same address, so an answer never depends on a parameter the key left out. A route without one is never
 * shared between visitors. `params` are the route's matched path parameters.
 */
export type CacheKey = (query: URLSearchParams, params: Record<string, string | undefined>) => string

/** A route that reads no parameter: `?fbclid=...`, `?utm_source=...` and anything else are one address. */
export const noQuery: CacheKey = () => ''

/**
 * A public list: `page` above 1, `search` trimmed (kept as typed: the screen shows it, and the read memo underneath
 * shares the matches of searches that differ only in case), `limit` as the list reads it, and the list's own
 * filters (`filters`, trimmed, empty ones dropped), in that order. Every other parameter is dropped.
 */
export const listQuery =
  (...filters: string[]): CacheKey =>
  (given) => {
    const query = parseListQuery(given, PUBLIC_PAGE_SIZE)
    const kept = new URLSearchParams()
    if (query.page > 1) kept.set('page', String(query.page))
    // (URLSearchParams writes a lone surrogate, which cutting a search at 200 may leave, as U+FFFD.)
    if (query.search) kept.set('search', query.search)
    if (query.requestedLimit !== undefined) kept.set('limit', String(query.requestedLimit))
    for (const name of filters) {
      const value = given.get(name)?.trim()
      if (value) kept.set(name, value)
    }
    return kept.toString()
  }

/** The query parameters named, trimmed, empty ones dropped (a search page's `q`, a filter). */
export const onlyQuery =
  (...names: string[]): CacheKey =>
  (given) => {
    const kept = new URLSearchParams()
    for (const name of names) {
      const value = given.get(name)?.trim()
      if (value) kept.set(name, value)
    }
    return kept.toString()
  }
