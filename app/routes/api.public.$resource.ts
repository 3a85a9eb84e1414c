import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { publicList } from '~/doors/public.server'
import { handleApi, HttpError } from '~/utils/http.server'
import { publicApiSuccess } from '~/public-reads/read-memo.server'
import { findPublicResource } from '~/models/public-catalog.server'

/**
 * GET /api/public/{sliders, *_home}: a plain array; /api/public/{pages, posts, products, aparaturs, photos}: a page.
 */
export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const resource = findPublicResource(params.resource)
    if (!resource) throw new HttpError(404, 'Not found')
    const message = `List Data ${resource.things}`
    if (resource.all) return publicApiSuccess(request, message, await resource.all())
    return publicApiSuccess(request, message, await publicList(request, context, resource.list!, resource.filters))
  })

export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (!findPublicResource(params.resource)) throw new HttpError(404, 'Not found')
    throw new HttpError(405, 'Method Not Allowed')
  })
