import { villageApi, villageReadApi } from '~/doors/regency/regency-api.server'
import { declare, at, json, REGENCY_ONLY, REGENCY_OR_CAMAT, ok } from '~/openapi/declare.server'
import { idParam, villageChange, villageResponse, z } from '~/openapi/operations.server'

const village = at(idParam('village'))

export const handle = { regency: true }

/** GET /api/regency/villages/{id}, PUT (name, domains, status, code, kecamatan), DELETE (a suspended village). */
export const loader = declare(villageReadApi, {
  ...village.get('A village with its figures', REGENCY_OR_CAMAT),
  ...ok(villageResponse, 'Detail Data Village'),
  description: 'A camat reading a village of another kecamatan gets the 404 of an unknown id.',
})
export const action = declare(villageApi, [
  {
    ...village.put(
      'Change a village: name, domains, status, kode_wilayah, kecamatan',
      REGENCY_ONLY,
      json(villageChange),
    ),
    ...ok(villageResponse, 'Village updated successfully!'),
  },
  {
    ...village.del('Delete a suspended village and everything it holds', REGENCY_ONLY),
    ...ok(z.null(), 'Village deleted successfully!', 409),
  },
])
