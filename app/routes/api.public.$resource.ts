import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { handleApi, HttpError } from '~/server/http.server'
import { parseListQuery, PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { cachedRead, publicApiSuccess } from '~/server/public-cache.server'
import { findPublicResource } from '~/models/public.server'

/** GET /api/public/{sliders, *_home}: a plain array; /api/public/{pages, posts, products, aparaturs, photos}: a page. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const resource = findPublicResource(params.resource)
    if (!resource) throw new HttpError(404, 'Not found')
    const message = `List Data ${resource.things}`
    const url = new URL(request.url)
    if (resource.all) return publicApiSuccess(request, message, await cachedRead(url.pathname, resource.all))
    const query = parseListQuery(url.searchParams, PUBLIC_PAGE_SIZE)
    const page = await cachedRead(`${url.pathname}?${JSON.stringify(query)}`, () => resource.list!(query, url.pathname))
    return publicApiSuccess(request, message, page)
  })

export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (!findPublicResource(params.resource)) throw new HttpError(404, 'Not found')
    throw new HttpError(405, 'Method Not Allowed')
  })
