import { methodNotAllowed, revisionApi } from '~/doors/revisions.server'

/** GET /api/admin/{resource}/{id}/revisions/{rev} */
export const loader = revisionApi
export const action = methodNotAllowed
