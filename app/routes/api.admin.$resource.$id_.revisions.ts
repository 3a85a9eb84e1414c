import { methodNotAllowed, revisionsApi } from '~/doors/revisions.server'

/** GET /api/admin/{resource}/{id}/revisions */
export const loader = revisionsApi
export const action = methodNotAllowed
