import { villageApi, villageReadApi } from '~/doors/regency/regency-api.server'
import {
  CAMAT_PERMISSION,
  declare,
  idParam,
  REGENCY_PERMISSION,
  villageChange,
  villageResponse,
  z,
} from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/regency/villages/{id}, PUT (name, domains, status, code, kecamatan), DELETE (a suspended village). */
export const loader = declare(villageReadApi, {
  method: 'get',
  tag: 'Regency',
  summary: 'A village with its figures',
  description: 'A camat reading a village of another kecamatan gets the 404 of an unknown id.',
  permissions: [REGENCY_PERMISSION, CAMAT_PERMISSION],
  params: idParam('village'),
  ok: { status: 200, data: villageResponse, message: 'Detail Data Village' },
  fails: [404],
})
export const action = declare(
  villageApi,
  {
    method: 'put',
    tag: 'Regency',
    summary: 'Change a village: name, domains, status, kode_wilayah, kecamatan',
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
