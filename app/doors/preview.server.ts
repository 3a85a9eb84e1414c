import { data, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { previewDevelopment } from '~/models/development.server'
import { getDocument } from '~/models/document.server'
import { previewEvent } from '~/models/event.server'
import { previewPage } from '~/models/page.server'
import { previewPost } from '~/models/post.server'
import { previewTarget } from '~/models/preview-link.server'
import { previewProduct } from '~/models/product.server'
import { findResource } from '~/models/resources.server'
import { siteUrl } from '~/models/site-identity.server'
import { eventDetail } from './events.server'
import { documentDetail } from './public-information.server'

/**
 * `/pratinjau/{token}`: the item of a preview link as it is now (draft or scheduled included), in the data its public
 * detail page's screen reads, under the `Pratinjau` banner. Never kept by any cache (`no-store`, and the response
 * cache is told), never indexed; the front sends it with `Referrer-Policy: no-referrer` (server/security.mjs). A
 * revoked, expired, malformed or guessed token is the same 404.
 */

const PREVIEW_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' }

const slugOf = (record: unknown) => String((record as { slug?: unknown }).slug ?? '')

/** The detail screen's data of each resource with preview links, read by id whatever its status. */
const SCREENS = {
  posts: async (slug: string) => ({ post: await previewPost(slug) }),
  pages: async (slug: string) => ({ page: await previewPage(slug) }),
  products: async (slug: string) => ({ product: await previewProduct(slug) }),
  developments: async (slug: string) => ({ project: await previewDevelopment(slug) }),
  events: async (slug: string, request: Request) => {
    const event = await previewEvent(slug)
    return { event: event && eventDetail(event, siteUrl(request)) }
  },
  // The page's first-page picture and its download are the public's only (server/document-files.mjs).
  documents: async (_slug: string, _request: Request, record: unknown) => {
    const { active_content: _admin, ...document } = record as Awaited<ReturnType<typeof getDocument>>
    return { document: documentDetail(document) }
  },
}

export type PreviewScreen = keyof typeof SCREENS

const notFound = () => data(null, { status: 404, statusText: 'Not Found', headers: PREVIEW_HEADERS })

export async function previewLoader({ request, params, context }: LoaderFunctionArgs) {
  context.skipResponseCache?.()
  const target = await previewTarget(params.token ?? '')
  const resource = target ? findResource(target.resource) : undefined
  if (!target || !resource?.revisions || !resource.get || !Object.hasOwn(SCREENS, resource.name)) throw notFound()
  const name = resource.name as PreviewScreen
  const record = await resource.get(target.record_id).catch(() => null)
  if (!record) throw notFound()
  const screen = await SCREENS[name](slugOf(record), request, record)
  if (Object.values(screen).some((value) => !value)) throw notFound()
  return data({ resource: name, preview: null, ...screen }, { headers: PREVIEW_HEADERS })
}

export const previewHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders
