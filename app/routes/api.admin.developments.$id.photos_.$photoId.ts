import { methodNotAllowed, photoDeleteApi } from '~/doors/village-info/project-photos.server'
import { declare, idParam, z } from '~/openapi/operations.server'
import { RESOURCES } from '~/resources'
import { permissionsOf } from '~/resources/resource'

/** DELETE /api/admin/developments/{id}/photos/{photo_id}. */
export const loader = methodNotAllowed

export const action = declare(photoDeleteApi, {
  method: 'delete',
  tag: 'Developments',
  path: '/api/admin/developments/{id}/photos/{photo_id}',
  summary: 'Remove a progress photo',
  description: "Another project's photo is a 404.",
  permissions: permissionsOf(RESOURCES.developments).update!,
  params: idParam('development').extend({
    photo_id: z.string().openapi({ description: "The photo's id", example: '1' }),
  }),
  ok: { status: 200, data: z.null(), message: 'Photo deleted successfully' },
  fails: [404],
})
