import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { handleApi, HttpError } from '~/utils/http.server'
import { publicApiSuccess } from '~/public-reads/read-memo.server'
import { findPublicResource } from '~/models/public-catalog.server'

/** GET /api/public/{pages, posts, products}/{slug} and /api/public/aparaturs/{id}: one item or 404. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const resource = findPublicResource(params.resource)
    if (!resource?.detail || !params.key) throw new HttpError(404, 'Not found')
    return publicApiSuccess(request, `Detail Data ${resource.thing}`, await resource.detail(params.key))
  })

export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (!findPublicResource(params.resource)?.detail) throw new HttpError(404, 'Not found')
    throw new HttpError(405, 'Method Not Allowed')
  })
