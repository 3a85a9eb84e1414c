import { villageCreateApi, villagesApi } from '~/doors/regency-api.server'

export const handle = { regency: true }

/** GET /api/regency/villages (the list with figures), POST (a new village): the regency host only. */
export const loader = villagesApi
export const action = villageCreateApi
