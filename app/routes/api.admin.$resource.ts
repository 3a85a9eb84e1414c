import { resourceCreateApi, resourceListApi } from '~/doors/admin-api.server'

/** GET /api/admin/{resource}: one page of the list; POST: create. */
export const loader = resourceListApi
export const action = resourceCreateApi
