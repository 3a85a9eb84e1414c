import { villageApi, villageReadApi } from '~/doors/regency-api.server'

export const handle = { regency: true }

/** PUT /api/regency/villages/{id} (name, domains, status), DELETE (a suspended village): the regency host only. */
export const loader = villageReadApi
export const action = villageApi
