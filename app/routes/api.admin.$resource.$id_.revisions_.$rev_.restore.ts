import { methodNotAllowed, restoreApi } from '~/doors/revisions.server'

/** POST /api/admin/{resource}/{id}/revisions/{rev}/restore */
export const loader = methodNotAllowed
export const action = restoreApi
