import { villageCreateApi, villagesApi } from '~/doors/regency-api.server'

/** Served at the regency host too (app/lib/regency-routes.ts). */
export const handle = { regency: true }

/** GET /api/regency/villages (the list with figures), POST (a new village): the regency host only. */
export const loader = villagesApi
export const action = villageCreateApi
