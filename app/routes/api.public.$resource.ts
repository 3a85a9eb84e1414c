import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiSuccess, handleApi, HttpError } from '~/lib/http.server'
import { parseListQuery, PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { findPublicResource, PUBLIC_CACHE } from '~/models/public.server'

/** GET /api/public/{sliders, *_home}: a plain array; /api/public/{pages, posts, products, aparaturs, photos}: a page. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const resource = findPublicResource(params.resource)
    if (!resource) throw new HttpError(404, 'Not found')
    const message = `List Data ${resource.things}`
    if (resource.all) return apiSuccess(message, await resource.all(), 200, PUBLIC_CACHE)
    const url = new URL(request.url)
    const page = await resource.list!(parseListQuery(url.searchParams, PUBLIC_PAGE_SIZE), url.pathname)
    return apiSuccess(message, page, 200, PUBLIC_CACHE)
  })

export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (!findPublicResource(params.resource)) throw new HttpError(404, 'Not found')
    throw new HttpError(405, 'Method Not Allowed')
  })
