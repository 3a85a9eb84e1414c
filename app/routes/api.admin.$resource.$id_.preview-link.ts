import { methodNotAllowed, previewLinkApi } from '~/doors/revisions.server'

/** POST and DELETE /api/admin/{resource}/{id}/preview-link */
export const loader = methodNotAllowed
export const action = previewLinkApi
