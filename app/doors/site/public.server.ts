import { data, type AppLoadContext, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { HttpError, notFoundResponse } from '~/utils/http.server'
import { type ListQuery, type Paginated, parseListQuery, PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { screenPage, type ScreenPage } from '~/lib/summaries'
import { can, getSessionUser, readToken } from '~/auth/session.server'
import { RESOURCES } from '~/resources'
import { permissionsOf } from '~/resources/resource'
import { nowMs } from '~/utils/clock.server'
import { publishState, type PublishState } from '~/lib/zoned-time'

/** The public door: what the loaders of the public site's screens share. */

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** This response's CSP nonce (server/http-front.mjs). */
    cspNonce?: string
    requestId?: string
    /** Tells the response cache (server/response-cache.mjs) not to keep this answer. */
    skipResponseCache?: () => void
    /**
     * The public data version when the request began (server/http-front.mjs), before any loader read: a page part
     * rendered under it is kept only if the version is still this one after the render (decision 071).
     */
    dataVersion?: number
    /** The address could not be decoded (server/http-front.mjs): the catch-all route answers 400. */
    badAddress?: boolean
    /**
     * Set by a preview link's page (app/doors/content/preview.server.ts) when it runs a detail screen's loader: that screen
     * shows this record as it is now, whatever its status, without the staff banner.
     */
    previewGrant?: PreviewGrant
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

/** The record a preview link opens: its resource and id. */
export type PreviewGrant = { resource: string; id: number }

/**
 * The record of a preview link at a detail screen, read by `read` whatever its status: null when the screen is not
 * of the granted resource or the record read is not the granted one.
 */
export async function grantedPreview<T>(
  context: AppLoadContext,
  resource: string,
  read: () => Promise<T | null>,
): Promise<T | null> {
  const grant = context.previewGrant
  if (grant?.resource !== resource) return null
  const item = await read()
  return item && (item as { id?: unknown }).id === grant.id ? item : null
}

/** The resources with drafts and scheduling whose detail screens staff may preview. */
type PreviewedResource = 'posts' | 'pages' | 'products' | 'events' | 'statistics' | 'budgets' | 'developments'

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
  resource: PreviewedResource,
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
  resource: PreviewedResource,
  visible: () => Promise<T>,
  preview: () => Promise<T | null>,
): Promise<Detail<T>> {
  if (context.previewGrant) {
    const item = await grantedPreview(context, resource, preview)
    if (!item) throw notFoundResponse()
    return { item, preview: null }
  }
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
 * one is a correct empty page, but neither the read memo (public-table.server.ts, list) nor the response cache keeps
 * it: any number of such addresses cannot push the real pages out.
 */
export async function publicList<T>(
  request: Request,
  context: AppLoadContext,
  list: (query: ListQuery, path: string, params?: URLSearchParams) => Promise<Paginated<T>>,
): Promise<Paginated<T>> {
  const url = new URL(request.url)
  const page = await list(parseListQuery(url.searchParams, PUBLIC_PAGE_SIZE), url.pathname, url.searchParams)
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
  list: (query: ListQuery, path: string, params?: URLSearchParams) => Promise<Paginated<Row>>,
  summary: (row: Row) => T,
): Promise<ScreenPage<T>> {
  return screenPage(await publicList(request, context, list), summary)
}
