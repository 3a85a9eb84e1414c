import { data, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { previewTarget } from '~/models/content/preview-link.server'
import { findResource } from '~/models/site/resources.server'
import type { PreviewGrant } from '~/doors/site/public.server'

/**
 * `/pratinjau/{token}`: the item of a preview link as it is now (draft or scheduled included), shown by the public
 * detail screen its resource declares (`detailRoute`, app/resources/resource.ts), whose own loader reads it under a
 * preview grant (app/doors/site/public.server.ts `grantedPreview`). Nothing here is per resource: a resource with
 * `revisions` and a `detailRoute` has preview links. Never kept by any cache (`no-store`, and the response cache is
 * told), never indexed; the front sends it with `Referrer-Policy: no-referrer` (server/security.mjs). A revoked,
 * expired, malformed or guessed token is the same 404, and so is the link of a record its resource refuses a preview
 * now (`previewRefusal`: an exempt document).
 */

const PREVIEW_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' }

/** A detail screen's loader, as the preview route finds it by the declared route name. */
export type DetailLoader = (args: LoaderFunctionArgs) => unknown

const slugOf = (record: unknown) => String((record as { slug?: unknown }).slug ?? '')

const notFound = () => data(null, { status: 404, statusText: 'Not Found', headers: PREVIEW_HEADERS })

/** What a loader answered as `data(value, init)` (a 404 thrown that way included), or as a plain value. */
const isDataWithInit = (value: unknown): value is { data: unknown; init: { status?: number } | null } =>
  !!value && typeof value === 'object' && (value as { type?: unknown }).type === 'DataWithResponseInit'

export async function previewLoader(
  { request, params, context }: LoaderFunctionArgs,
  detailLoaderOf: (route: string) => DetailLoader | undefined,
) {
  context.skipResponseCache?.()
  const target = await previewTarget(params.token ?? '')
  const resource = target ? findResource(target.resource) : undefined
  const screen = resource?.revisions ? resource.detailRoute : undefined
  const load = screen ? detailLoaderOf(screen) : undefined
  if (!target || !resource?.get || !screen || !load) throw notFound()
  const record = await resource.get(target.record_id).catch(() => null)
  // Judged now, from the record as it is: a link made before a document became `dikecualikan` opens nothing.
  if (!record || resource.previewRefusal?.(record)) throw notFound()
  const previewGrant: PreviewGrant = { resource: resource.name, id: target.record_id }
  let answer: unknown
  try {
    answer = await load({ request, params: { slug: slugOf(record) }, context: { ...context, previewGrant } })
  } catch (error) {
    if (isDataWithInit(error) && error.init?.status === 404) throw notFound()
    throw error
  }
  const shown = (isDataWithInit(answer) ? answer.data : answer) as Record<string, unknown>
  return data({ ...shown, screen, preview: null }, { headers: PREVIEW_HEADERS })
}

export const previewHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders
