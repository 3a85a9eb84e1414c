import { resourceItemApi, resourceItemWriteApi } from '~/doors/admin-api.server'

/** GET /api/admin/{resource}/{id}; PUT and DELETE. */
export const loader = resourceItemApi
export const action = resourceItemWriteApi
