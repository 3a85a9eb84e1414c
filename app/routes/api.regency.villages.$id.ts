import { villageApi, villageReadApi } from '~/doors/regency-api.server'
import { declare, idParam, REGENCY_PERMISSION, villageChange, villageResponse, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** PUT /api/regency/villages/{id} (name, domains, status), DELETE (a suspended village): the regency host only. */
export const loader = villageReadApi
export const action = declare(
  villageApi,
  {
    method: 'put',
    tag: 'Regency',
    summary: 'Change a village: name, domains, status',
    permissions: [REGENCY_PERMISSION],
    params: idParam('village'),
    body: { json: villageChange },
    ok: { status: 200, data: villageResponse, message: 'Village updated successfully!' },
    fails: [404],
  },
  {
    method: 'delete',
    tag: 'Regency',
    summary: 'Delete a suspended village and everything it holds',
    permissions: [REGENCY_PERMISSION],
    params: idParam('village'),
    ok: { status: 200, data: z.null(), message: 'Village deleted successfully!' },
    fails: [404, 409],
  },
)
