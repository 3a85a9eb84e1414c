import { contentUploadApi, methodNotAllowed } from '~/doors/admin-api.server'

/** POST /api/admin/uploads: an image for rich text. */
export const action = contentUploadApi
export const loader = methodNotAllowed
