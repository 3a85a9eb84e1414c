import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { jsonWithError, jsonWithSuccess } from 'remix-toast'
import { actorOf } from '~/auth/actor.server'
import { requirePermission } from '~/auth/session.server'
import { withWriteInput } from '~/utils/api-input.server'
import { readFormFields, withFormInput } from '~/utils/form-input.server'
import { apiSuccess, handleApi, HttpError, notFound, type FieldErrors } from '~/utils/http.server'
import { parseId } from '~/models/site/crud.server'
import { addDevelopmentPhoto, deleteDevelopmentPhoto } from '~/models/village-info/development.server'
import { RESOURCES } from '~/resources'
import { permissionsOf } from '~/resources/resource'
import { routeId } from '~/doors/site/admin.server'

/**
 * The progress photos of a development project (docs/api.md "Development projects"), through both doors: the API's
 * `POST /api/admin/developments/{id}/photos` and `DELETE .../photos/{photo_id}`, and the edit screen's `Foto Progres`
 * section (its delete is the lists' DeleteButton: `intent=delete`, `id`). Permission: `developments-update` or `-edit`,
 * as for an update of the project.
 */

const UPDATE = permissionsOf(RESOURCES.developments).update!

const projectId = (value: string | undefined) => {
  const id = parseId(value)
  if (id === null) throw notFound('Development')
  return id
}

/** POST /api/admin/developments/{id}/photos (multipart `image`, `caption?`, `image_alt?`, `progress?`) -> 201. */
export const photoUploadApi = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    const user = await requirePermission(request, UPDATE)
    const id = projectId(params.id)
    const photo = await withWriteInput(request, 'multipart', (input) =>
      addDevelopmentPhoto(id, input, actorOf(request, user)),
    )
    return apiSuccess('Photo uploaded successfully', photo, 201)
  })

/** DELETE /api/admin/developments/{id}/photos/{photo_id}. */
export const photoDeleteApi = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'DELETE') throw new HttpError(405, 'Method Not Allowed')
    const user = await requirePermission(request, UPDATE)
    const id = projectId(params.id)
    const photoId = parseId(params.photoId)
    if (photoId === null) throw notFound('Photo')
    await deleteDevelopmentPhoto(id, photoId, actorOf(request, user))
    return apiSuccess('Photo deleted successfully', null)
  })

export type PhotoFormResult = { errors: FieldErrors | null; uploaded: boolean }

/**
 * The edit screen's `Foto Progres` (a fetcher posting to /admin/developments/{id}/photos): a multipart upload, or a
 * photo's delete (`intent=delete`, `id`). Success answers a toast and the screen reloads the project; a refusal
 * answers the field errors (or, without any, an error toast).
 */
export async function photoFormAction({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, permissionsOf(RESOURCES.developments).edit!)
  const id = projectId(params.id)
  const actor = actorOf(request, user)
  const multipart = (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')
  try {
    if (multipart) {
      await withFormInput(request, (input) => addDevelopmentPhoto(id, input, actor))
      return jsonWithSuccess<PhotoFormResult>(
        { errors: null, uploaded: true },
        { message: 'Photo uploaded successfully!', duration: 3000 },
      )
    }
    const form = await readFormFields(request)
    const photoId = parseId(form.get('id'))
    if (form.get('intent') !== 'delete' || photoId === null) throw notFound('Photo')
    await deleteDevelopmentPhoto(id, photoId, actor)
    return jsonWithSuccess<PhotoFormResult>(
      { errors: null, uploaded: false },
      { message: 'Photo deleted successfully!', duration: 3000 },
    )
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error
    const fields = error.errors && Object.keys(error.errors).some((key) => key !== 'Error')
    if (fields && error.status !== 404)
      return data<PhotoFormResult>({ errors: error.errors, uploaded: false }, { status: error.status })
    return jsonWithError<PhotoFormResult>(
      { errors: null, uploaded: false },
      { message: error.errors?.Error ?? error.message, duration: 3000 },
      { status: error.status },
    )
  }
}

/** The address itself is no screen: it leads to the project's edit screen. */
export const photoFormLoader = ({ params }: LoaderFunctionArgs) =>
  redirect(`/admin/developments/edit/${routeId(params.id)}`)

export { methodNotAllowed } from '~/utils/http.server'
