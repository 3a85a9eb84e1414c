import { resourceAllApi, resourceAllWriteApi } from '~/doors/admin-api.server'

/** GET /api/admin/{permissions,roles,categories}/all: every row, by name. */
export const loader = resourceAllApi
export const action = resourceAllWriteApi
