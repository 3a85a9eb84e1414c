import { villageCreateApi, villagesApi } from '~/doors/regency-api.server'

/** GET /api/regency/villages (the list with figures), POST (a new village): the regency host only. */
export const loader = villagesApi
export const action = villageCreateApi
