import { methodNotAllowed, photoDeleteApi } from '~/doors/project-photos.server'

/** DELETE /api/admin/developments/{id}/photos/{photo_id}. */
export const loader = methodNotAllowed

export const action = photoDeleteApi
