import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import { requirePermission } from '~/auth/session.server'
import { withWriteInput } from '~/utils/api-input.server'
import { apiSuccess, handleApi, HttpError } from '~/utils/http.server'
import { ADMIN_PAGE_SIZE, parseListQuery } from '~/lib/paging'
import { findResource, writeResource } from '~/models/resources.server'
import { bodyOf, permissionsOf, writeMessage } from '~/resources/resource'

function resourceOr404(name: string | undefined) {
  const resource = findResource(name)
  if (!resource) throw new HttpError(404, 'Not found')
  return resource
}

/** GET /api/admin/{resource}: one page of the list. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const resource = resourceOr404(params.resource)
    await requirePermission(request, permissionsOf(resource).index)
    const url = new URL(request.url)
    // Posts, pages and products also take `?status=draft|scheduled|published` (beyond the original client).
    const page = await resource.list(
      parseListQuery(url.searchParams, ADMIN_PAGE_SIZE),
      url.pathname,
      url.searchParams.get('status') ?? undefined,
    )
    return apiSuccess(`List Data ${resource.things}`, page)
  })

/** POST /api/admin/{resource}: create. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    const resource = resourceOr404(params.resource)
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    const user = await requirePermission(request, permissionsOf(resource).create)
    const created = await withWriteInput(request, bodyOf(resource), (input) =>
      writeResource(resource, user, actorOf(request, user), { action: 'create', input }),
    )
    return apiSuccess(writeMessage(resource, 'created'), created, 201)
  })
