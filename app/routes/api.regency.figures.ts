import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { figuresApi } from '~/doors/regency/regency-data.server'
import { CAMAT_PERMISSION, declare, figuresResponse, REGENCY_PERMISSION, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/regency/figures?year: the villages' figures, per kecamatan and in total (a camat: its kecamatan's). */
export const loader = declare(figuresApi, {
  method: 'get',
  tag: 'Regency',
  summary: "The villages' figures, per kecamatan and in total",
  description:
    "Each active village's figures computed from its own data; `year` picks the APBDes year (default: each " +
    "village's newest published one). Sums per kecamatan and in total, percentages recomputed from the summed " +
    "amounts. A camat gets its kecamatan's villages only.",
  permissions: [REGENCY_PERMISSION, CAMAT_PERMISSION],
  query: z.object({ year: z.string().optional().openapi({ description: 'A year, 2000 to 2100 (key `Year`)' }) }),
  ok: { status: 200, data: figuresResponse, message: 'Regency Figures' },
})
export const action = methodNotAllowed
