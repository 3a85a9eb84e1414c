import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '~/auth/session.server'
import { apiSuccess, handleApi, HttpError } from '~/server/http.server'
import { findResource } from '~/models/resources.server'

/** GET /api/admin/{permissions,roles,categories}/all: every row, by name. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const resource = params.resource ? findResource(params.resource) : undefined
    if (!resource?.all) throw new HttpError(404, 'Not found')
    await requirePermission(request, [`${resource.name}-index`, ...(resource.allAlsoFor ?? [])])
    return apiSuccess(`List Data ${resource.things}`, await resource.all())
  })

export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    const resource = params.resource ? findResource(params.resource) : undefined
    if (!resource?.all) throw new HttpError(404, 'Not found')
    throw new HttpError(405, 'Method Not Allowed')
  })
