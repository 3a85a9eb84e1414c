import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import { requirePermission } from '~/auth/session.server'
import { withWriteInput } from '~/utils/api-input.server'
import { apiSuccess, handleApi, HttpError, notFound } from '~/utils/http.server'
import { parseId } from '~/models/crud.server'
import { findResource, writeResource, type AdminResource } from '~/models/resources.server'
import { bodyOf, permissionsOf, writeMessage } from '~/resources/resource'

/** The id of the path, or the resource's 404 ("Post not found"). */
function idOf(resource: AdminResource, value: string | undefined): number {
  const id = parseId(value)
  if (id === null) throw notFound(resource.thing)
  return id
}

/** GET /api/admin/{resource}/{id} */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const resource = findResource(params.resource)
    const show = resource && permissionsOf(resource).show
    if (!resource?.get || !show) throw new HttpError(404, 'Not found')
    // The token and permission first: a caller without them learns nothing about which ids exist.
    await requirePermission(request, show)
    return apiSuccess(`Detail Data ${resource.thing}`, await resource.get(idOf(resource, params.id)))
  })

/** PUT and DELETE /api/admin/{resource}/{id} */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    const resource = findResource(params.resource)
    if (!resource) throw new HttpError(404, 'Not found')
    const permissions = permissionsOf(resource)
    if (request.method === 'DELETE') {
      const user = await requirePermission(request, permissions.delete)
      await writeResource(resource, user, actorOf(request, user), { action: 'delete', id: idOf(resource, params.id) })
      return apiSuccess(writeMessage(resource, 'deleted'), null)
    }
    if (request.method === 'PUT' && resource.update && permissions.update) {
      const user = await requirePermission(request, permissions.update)
      const id = idOf(resource, params.id)
      const updated = await withWriteInput(request, bodyOf(resource), (input) =>
        writeResource(resource, user, actorOf(request, user), { action: 'update', id, input }),
      )
      return apiSuccess(writeMessage(resource, 'updated'), updated)
    }
    throw new HttpError(405, 'Method Not Allowed')
  })
