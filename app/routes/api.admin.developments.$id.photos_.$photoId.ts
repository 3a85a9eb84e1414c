import { methodNotAllowed, photoDeleteApi } from '~/doors/village-info/project-photos.server'
import { declare, del, ok } from '~/openapi/declare.server'
import { idParam, z } from '~/openapi/operations.server'
import { RESOURCES } from '~/resources'
import { permissionsOf } from '~/resources/resource'

/** DELETE /api/admin/developments/{id}/photos/{photo_id}. */
export const loader = methodNotAllowed

export const action = declare(photoDeleteApi, {
  ...del('Remove a progress photo', permissionsOf(RESOURCES.developments).update!),
  path: '/api/admin/developments/{id}/photos/{photo_id}',
  params: idParam('development').extend({
    photo_id: z.string().openapi({ description: "The photo's id", example: '1' }),
  }),
  ...ok(z.null(), 'Photo deleted successfully'),
  description: "Another project's photo is a 404.",
})
