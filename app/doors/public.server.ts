import { data, type AppLoadContext, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { HttpError, notFoundResponse } from '~/utils/http.server'
import { type ListQuery, type Paginated, parseListQuery, PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { screenPage, type ScreenPage } from '~/lib/summaries'
import { foldSearch } from '~/public-reads/search.server'
import { findPublicResource } from '~/models/public-catalog.server'
import { can, getSessionUser, readToken } from '~/auth/session.server'
import { RESOURCES } from '~/resources'
import { permissionsOf } from '~/resources/resource'
import { nowMs } from '~/utils/clock.server'
import { publishState, type PublishState } from '~/lib/zoned-time'
import { developmentFilters, filterParams } from '~/lib/pembangunan'

/** The public door: what the loaders of the public site's screens share. */

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** This response's CSP nonce (server.mjs). */
    cspNonce?: string
    requestId?: string
    /** Tells the response cache (server/response-cache.mjs) not to keep this answer. */
    skipResponseCache?: () => void
    /** The address could not be decoded (server.mjs): the catch-all route answers 400. */
    badAddress?: boolean
  }
}

/**
 * Runs a model lookup for a screen: the model's 404 becomes a 404 response, which the public layout's
 * error boundary shows as the not-found screen (with that status).
 */
export async function foundOr404<T>(lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup()
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw notFoundResponse()
    throw error
  }
}

/** The resources with drafts and scheduled publishing, whose staff see a draft at its public address. */
type PublishedResource = 'posts' | 'pages' | 'products' | 'budgets' | 'developments'

/** What a detail screen shows: the item, and whether it is a staff member's preview of one the public cannot see. */
export type Detail<T> = { item: T; preview: Exclude<PublishState, 'published'> | null }

/**
 * The loader of a detail screen of a post, page or product (`/{resource}/{slug}`): `detailOrPreview` for the
 * address's slug, its answer shaped by `shape`. A preview is the editor's alone: `Cache-Control: no-store`, so
 * neither a browser nor a proxy keeps it (the response cache does not either); the route's `headers` is
 * `keepLoaderHeaders`.
 */
export async function detailLoader<T extends { status: string; published_at: Date | null }, D>(
  { request, params, context }: LoaderFunctionArgs,
  resource: PublishedResource,
  read: { visible: (slug: string) => Promise<T>; preview: (slug: string) => Promise<T | null> },
  shape: (item: T, preview: Detail<T>['preview']) => D,
) {
  const slug = params.slug ?? ''
  const { item, preview } = await detailOrPreview(
    request,
    context,
    resource,
    () => read.visible(slug),
    () => read.preview(slug),
  )
  return data(shape(item, preview), { headers: preview ? { 'Cache-Control': 'no-store' } : {} })
}

export const keepLoaderHeaders: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

/**
 * A public detail screen of a post, page or product: what the public may see at `slug` (the memoised read), or the
 * not-found screen. Staff holding the resource's edit permission see a draft or scheduled item at its public
 * address instead (`preview`, read afresh, never kept by the read memo or the response cache; the route shows the
 * banner, `noindex` and `Cache-Control: no-store`). Anyone else, logged in or not, gets the same 404 as for a slug
 * that does not exist.
 */
export async function detailOrPreview<T extends { status: string; published_at: Date | null }>(
  request: Request,
  context: AppLoadContext,
  resource: PublishedResource,
  visible: () => Promise<T>,
  preview: () => Promise<T | null>,
): Promise<Detail<T>> {
  try {
    return { item: await visible(), preview: null }
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 404)) throw error
    const user = readToken(request) ? await getSessionUser(request) : null
    const item = can(user, permissionsOf(RESOURCES[resource]).edit!) ? await preview() : null
    if (!item) throw notFoundResponse()
    context.skipResponseCache?.()
    const state = publishState(item, nowMs())
    return { item, preview: state === 'published' ? null : state }
  }
}

/**
 * A public list (screen or `/api/public/*`) for the request's `page`, `search` and `limit`. A page past the last
 * one is a correct empty page, but neither the read memo (see listPage) nor the response cache keeps it: any
 * number of such addresses cannot push the real pages out.
 */
export async function publicList<T>(
  request: Request,
  context: AppLoadContext,
  list: (query: ListQuery, path: string) => Promise<Paginated<T>>,
  /** The list's own filters (development projects: `year`, `stage`), kept in its paging links. */
  filters?: (params: URLSearchParams) => [string, string][],
): Promise<Paginated<T>> {
  const url = new URL(request.url)
  const query = parseListQuery(url.searchParams, PUBLIC_PAGE_SIZE)
  const keep = filters?.(url.searchParams)
  const page = await list(keep?.length ? { ...query, keep } : query, url.pathname)
  if (page.current_page > page.last_page) context.skipResponseCache?.()
  return page
}

/**
 * One page of a public list screen, for the address's `?search=` and `?page=` (9 to a page): the summaries its
 * cards show (app/lib/summaries.ts) and the pager's numbers, not the whole rows the API answers.
 */
export async function publicPage<Row, T>(
  request: Request,
  context: AppLoadContext,
  list: (query: ListQuery, path: string) => Promise<Paginated<Row>>,
  summary: (row: Row) => T,
): Promise<ScreenPage<T>> {
  return screenPage(await publicList(request, context, list), summary)
}

/** The public screens that read `page`, `search` and `limit` (as the lists of the API do). */
const LIST_SCREENS = new Set(['/posts', '/berita', '/pages', '/products', '/aparaturs', '/photos', '/pembangunan'])
/** The public paths that read no parameter at all. */
const PLAIN_PATHS =
  /^\/(?:privacy|terms|sitemap\.xml|rss\.xml|robots\.txt|manifest\.webmanifest|(?:posts|pages|products|aparaturs|pembangunan)\/[^/]+|apbdes(?:\/[^/]+)?)?$/
/** The screens' filters besides `page`, `search` and `limit` (the API's lists declare theirs: public.server.ts). */
const SCREEN_FILTERS: Record<string, (params: URLSearchParams) => [string, string][]> = {
  '/pembangunan': (params) => filterParams(developmentFilters(params)),
}

/** The filters a list at `path` reads, normalised (`?year=2026&stage=berjalan`), or none. */
function filtersOf(path: string): ((params: URLSearchParams) => [string, string][]) | undefined {
  const api = /^\/api\/public\/([^/]+)$/.exec(path)
  return api ? findPublicResource(api[1])?.filters : SCREEN_FILTERS[path]
}

/** What a public path reads: the list parameters, nothing, or unknown (undefined). */
function readsOf(path: string): 'list' | 'nothing' | undefined {
  if (LIST_SCREENS.has(path)) return 'list'
  if (PLAIN_PATHS.test(path)) return 'nothing'
  const api = /^\/api\/public\/([^/]+)(\/[^/]+)?$/.exec(path)
  const resource = api ? findPublicResource(api[1]) : undefined
  if (!api || !resource) return undefined
  if (api[2]) return resource.detail ? 'nothing' : undefined
  return resource.list ? 'list' : 'nothing'
}

/**
 * The canonical form of a public address (path and query, as in `request.url`'s path part): the path with
 * only the parameters its route reads, normalised, so that every address answered the same way has one form.
 * A list keeps `page` above 1, `search` trimmed (and on a screen folded as the search matches it: A-Z only, as
 * LIKE does; the API writes the search into its answer's links as it was given, docs/api.md, so there it
 * keeps its case, and only the read memo underneath shares the matches) and `limit` as the list reads it;
 * every other parameter (`fbclid`, `gclid`, `utm_*`, anything) is dropped. A
 * screen's single-fetch data (`/posts.data`, `/_root.data` for `/`) keeps Remix's own `_routes` besides.
 * Addresses of routes not declared here come back unchanged. The response cache keys on this form and has the
 * site render it (server/response-cache.mjs), so a stored answer never depends on a parameter it ignored.
 */
export function canonicalPublicUrl(url: string): string {
  const mark = url.indexOf('?')
  const path = mark === -1 ? url : url.slice(0, mark)
  const dataPath = path.endsWith('.data') ? (path === '/_root.data' ? '/' : path.slice(0, -'.data'.length)) : undefined
  const reads = readsOf(dataPath ?? path)
  if (!reads || (dataPath && dataPath.startsWith('/api/'))) return url
  const given = new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1))
  const kept = new URLSearchParams()
  if (reads === 'list') {
    const query = parseListQuery(given, PUBLIC_PAGE_SIZE)
    if (query.page > 1) kept.set('page', String(query.page))
    // (URLSearchParams writes a lone surrogate, which cutting a search at 200 may leave, as U+FFFD.)
    const search = path.startsWith('/api/') ? query.search : foldSearch(query.search)
    if (search) kept.set('search', search)
    if (query.requestedLimit !== undefined) kept.set('limit', String(query.requestedLimit))
    for (const [name, value] of filtersOf(dataPath ?? path)?.(given) ?? []) kept.set(name, value)
  }
  const routes = dataPath ? given.get('_routes') : null
  if (routes !== null) kept.set('_routes', routes)
  const query = kept.toString()
  return query ? `${path}?${query}` : path
}
