import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '~/auth/session.server'
import { apiSuccess, handleApi, HttpError } from '~/utils/http.server'
import { findResource } from '~/models/resources.server'
import { allAlsoFor } from '~/resources'
import { permissionsOf } from '~/resources/resource'

/** GET /api/admin/{permissions,roles,categories}/all: every row, by name. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const resource = findResource(params.resource)
    if (!resource?.all) throw new HttpError(404, 'Not found')
    await requirePermission(request, [permissionsOf(resource).index, ...allAlsoFor(resource.name)])
    return apiSuccess(`List Data ${resource.things}`, await resource.all())
  })

export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (!findResource(params.resource)?.all) throw new HttpError(404, 'Not found')
    throw new HttpError(405, 'Method Not Allowed')
  })
