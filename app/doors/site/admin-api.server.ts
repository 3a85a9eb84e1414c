import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import { requirePermission } from '~/auth/session.server'
import { ADMIN_PAGE_SIZE, parseListQuery } from '~/lib/paging'
import { listActivities, parseActivityFilters } from '~/models/accounts/activity.server'
import { uploadContentImage } from '~/models/content/content-images.server'
import { parseId } from '~/models/site/crud.server'
import { dashboardCounts } from '~/models/site/dashboard.server'
import { createResetLink } from '~/models/accounts/password-reset.server'
import { findResource, writeResource, type AdminResource } from '~/models/site/resources.server'
import { asLogoError, getSettings, updateSettings } from '~/models/site/settings.server'
import { siteUrl } from '~/models/site/site-identity.server'
import { allAlsoFor } from '~/resources'
import { CONTENT_UPLOAD_PERMISSIONS } from '~/resources/permissions'
import { bodyOf, permissionsOf, uploadOf, writeMessage } from '~/resources/resource'
import { withWriteInput } from '~/utils/api-input.server'
import { apiCall, apiSuccess, handleApi, HttpError, notFound, validationError } from '~/utils/http.server'
import { readMultipart } from '~/utils/upload-pipeline.server'

/**
 * The admin API door: every `/api/admin/*` call but the caller's own account (account.server.ts). Each handler
 * checks the token and the permission of docs/api.md "Permissions per call" through `requirePermission` (401/403 in
 * the envelope), reads the body and calls the model; the declared resources write through `writeResource`, as the
 * admin screens do.
 */

type Args = LoaderFunctionArgs | ActionFunctionArgs

export { methodNotAllowed, unknownApiPath } from '~/utils/http.server'

function resourceOr404(name: string | undefined) {
  const resource = findResource(name)
  if (!resource) throw new HttpError(404, 'Not found')
  return resource
}

/** The id of the path, or the resource's 404 ("Post not found"). */
function idOf(resource: AdminResource, value: string | undefined): number {
  const id = parseId(value)
  if (id === null) throw notFound(resource.thing)
  return id
}

/** GET /api/admin/{resource}: one page of the list (posts, pages and products also take `?status=`). */
export const resourceListApi = ({ request, params }: Args) =>
  handleApi(request, async () => {
    const resource = resourceOr404(params.resource)
    await requirePermission(request, permissionsOf(resource).index)
    const url = new URL(request.url)
    const page = await resource.list(
      parseListQuery(url.searchParams, ADMIN_PAGE_SIZE),
      url.pathname,
      url.searchParams.get('status') ?? undefined,
      url.searchParams,
    )
    return apiSuccess(`List Data ${resource.things}`, page)
  })

/** POST /api/admin/{resource}: create. */
export const resourceCreateApi = ({ request, params }: Args) =>
  handleApi(request, async () => {
    const resource = resourceOr404(params.resource)
    const create = permissionsOf(resource).create
    if (request.method !== 'POST' || !resource.create || !create) throw new HttpError(405, 'Method Not Allowed')
    const user = await requirePermission(request, create)
    const upload = uploadOf(resource)
    const created = await withWriteInput(
      request,
      bodyOf(resource),
      (input) => writeResource(resource, user, actorOf(request, user), { action: 'create', input }),
      upload.field,
      upload.maxMb,
    )
    return apiSuccess(writeMessage(resource, 'created'), created, 201)
  })

/** GET /api/admin/{resource}/{id} */
export const resourceItemApi = ({ request, params }: Args) =>
  handleApi(request, async () => {
    const resource = findResource(params.resource)
    const show = resource && permissionsOf(resource).show
    if (!resource?.get || !show) throw new HttpError(404, 'Not found')
    // The token and permission first: a caller without them learns nothing about which ids exist.
    await requirePermission(request, show)
    return apiSuccess(`Detail Data ${resource.thing}`, await resource.get(idOf(resource, params.id)))
  })

/** PUT and DELETE /api/admin/{resource}/{id} */
export const resourceItemWriteApi = ({ request, params }: Args) =>
  handleApi(request, async () => {
    const resource = resourceOr404(params.resource)
    const permissions = permissionsOf(resource)
    if (request.method === 'DELETE') {
      const user = await requirePermission(request, permissions.delete)
      await writeResource(resource, user, actorOf(request, user), { action: 'delete', id: idOf(resource, params.id) })
      return apiSuccess(writeMessage(resource, 'deleted'), null)
    }
    if (request.method === 'PUT' && resource.update && permissions.update) {
      const user = await requirePermission(request, permissions.update)
      const id = idOf(resource, params.id)
      const upload = uploadOf(resource)
      const updated = await withWriteInput(
        request,
        bodyOf(resource),
        (input) => writeResource(resource, user, actorOf(request, user), { action: 'update', id, input }),
        upload.field,
        upload.maxMb,
      )
      return apiSuccess(writeMessage(resource, 'updated'), updated)
    }
    throw new HttpError(405, 'Method Not Allowed')
  })

/** GET /api/admin/{permissions,roles,categories}/all: every row, by name. */
export const resourceAllApi = ({ request, params }: Args) =>
  handleApi(request, async () => {
    const resource = findResource(params.resource)
    if (!resource?.all) throw new HttpError(404, 'Not found')
    await requirePermission(request, [permissionsOf(resource).index, ...allAlsoFor(resource.name)])
    return apiSuccess(`List Data ${resource.things}`, await resource.all())
  })

/** Other methods of /api/admin/{resource}/all: 405 where the list exists. */
export const resourceAllWriteApi = ({ request, params }: Args) =>
  handleApi(request, async () => {
    if (!findResource(params.resource)?.all) throw new HttpError(404, 'Not found')
    throw new HttpError(405, 'Method Not Allowed')
  })

/** GET /api/admin/dashboard (dashboard-index): the counts of the dashboard. */
export const dashboardApi = apiCall('GET', async ({ request }) => {
  await requirePermission(request, 'dashboard-index')
  return apiSuccess('Dashboard', await dashboardCounts())
})

/** GET /api/admin/activities?page&search&user_id&resource&action (activities-index): the log, newest first. */
export const activitiesApi = apiCall('GET', async ({ request }) => {
  await requirePermission(request, 'activities-index')
  const url = new URL(request.url)
  const page = await listActivities(
    parseListQuery(url.searchParams, ADMIN_PAGE_SIZE),
    parseActivityFilters(url.searchParams),
    url.pathname,
  )
  return apiSuccess('List Data Activities', page)
})

/** GET /api/admin/settings (settings-edit) */
export const settingsApi = apiCall('GET', async ({ request }) => {
  await requirePermission(request, 'settings-edit')
  return apiSuccess('Site Settings', await getSettings())
})

/**
 * PUT /api/admin/settings: multipart (the fields, `logo` an optional image, `remove_logo=1`) or JSON without a
 * file.
 */
export const settingsUpdateApi = apiCall('PUT', async ({ request }) => {
  const user = await requirePermission(request, 'settings-edit')
  const actor = actorOf(request, user)
  const settings = await withWriteInput(request, 'multipart', (input) => updateSettings(input, actor), 'logo').catch(
    (error) => {
      throw asLogoError(error)
    },
  )
  return apiSuccess('Site settings updated successfully', settings)
})

/**
 * POST /api/admin/uploads (multipart `image`): an image for rich text (Quill's image button, paste, drop), through the
 * same checks, re-encoding and width copies as every upload -> 201 `{url, width, height}`. Unless some content holds it
 * within 24 hours it is removed again (models/content/content-images.server.ts).
 */
export const contentUploadApi = apiCall('POST', async ({ request }) => {
  const user = await requirePermission(request, CONTENT_UPLOAD_PERMISSIONS)
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw new HttpError(415, 'Unsupported Media Type: send the image as multipart/form-data')
  }
  const body = await readMultipart(request)
  try {
    if (!body.file) throw validationError({ Image: 'Image is required' })
    return apiSuccess('Image uploaded successfully', await uploadContentImage(body.file, actorOf(request, user)), 201)
  } finally {
    await body.cleanup()
  }
})

/** POST /api/admin/users/{id}/reset-link (users-edit) -> {url, expires_at}: a single-use link, valid 60 minutes. */
export const resetLinkApi = apiCall('POST', async ({ request, params }) => {
  const user = await requirePermission(request, 'users-edit')
  const id = parseId(params.id)
  if (id === null) throw notFound('User')
  return apiSuccess('Password reset link created', await createResetLink(id, siteUrl(request), actorOf(request, user)))
})
