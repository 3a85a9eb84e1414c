import { methodNotAllowed, photoUploadApi } from '~/doors/project-photos.server'

/** POST /api/admin/developments/{id}/photos: a progress photo (multipart). */
export const loader = methodNotAllowed

export const action = photoUploadApi
