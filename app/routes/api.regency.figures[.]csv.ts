import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { figuresCsvApi } from '~/doors/regency/regency-data.server'
import { CAMAT_PERMISSION, declare, REGENCY_PERMISSION, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/regency/figures.csv?year: the villages' rows of the figures as CSV. */
export const loader = declare(figuresCsvApi, {
  method: 'get',
  tag: 'Regency',
  summary: "The villages' figures as CSV",
  permissions: [REGENCY_PERMISSION, CAMAT_PERMISSION],
  query: z.object({ year: z.string().optional() }),
  raw: { description: "One row per village (a camat: its kecamatan's)", type: 'text/csv', schema: { type: 'string' } },
})
export const action = methodNotAllowed
