import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import { requirePermission } from '~/auth/session.server'
import { withWriteInput } from '~/server/api-input.server'
import { apiSuccess, handleApi, HttpError, notFound } from '~/server/http.server'
import { parseId } from '~/models/crud.server'
import { trackWrite } from '~/models/activity.server'
import { findResource, trackedResource, type AdminResource } from '~/models/resources.server'

function target(params: { resource?: string; id?: string }): { resource: AdminResource; id: number } {
  const resource = params.resource ? findResource(params.resource) : undefined
  if (!resource) throw new HttpError(404, 'Not found')
  const id = parseId(params.id)
  if (id === null) throw notFound(resource.thing)
  return { resource, id }
}

/** GET /api/admin/{resource}/{id} */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const resource = params.resource ? findResource(params.resource) : undefined
    if (!resource?.get) throw new HttpError(404, 'Not found')
    // The token and permission first: a caller without them learns nothing about which ids exist.
    await requirePermission(request, [`${resource.name}-show`, `${resource.name}-edit`])
    const { id } = target(params)
    return apiSuccess(`Detail Data ${resource.thing}`, await resource.get(id))
  })

/** PUT (or POST with `_method=PUT`-less multipart clients use PUT too) and DELETE /api/admin/{resource}/{id} */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    const resource = params.resource ? findResource(params.resource) : undefined
    if (!resource) throw new HttpError(404, 'Not found')
    if (request.method === 'DELETE') {
      const user = await requirePermission(request, resource.deletePermission ?? `${resource.name}-delete`)
      const { id } = target(params)
      await trackWrite(actorOf(request, user), { resource: trackedResource(resource.name), action: 'delete', id }, () => resource.remove(id, user))
      return apiSuccess(`${resource.thing} deleted successfully`, null)
    }
    if (request.method === 'PUT' && resource.update) {
      const user = await requirePermission(request, [`${resource.name}-update`, `${resource.name}-edit`])
      const { id } = target(params)
      const updated = await withWriteInput(request, resource.body, (input) =>
        trackWrite(actorOf(request, user), { resource: trackedResource(resource.name), action: 'update', id, input }, () => resource.update!(id, input, user)),
      )
      return apiSuccess(`${resource.thing} updated successfully`, updated)
    }
    throw new HttpError(405, 'Method Not Allowed')
  })
