import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { figuresCsvApi } from '~/doors/regency/regency-data.server'
import { declare, get, raw, REGENCY_OR_CAMAT } from '~/openapi/declare.server'
import { z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/regency/figures.csv?year: the villages' rows of the figures as CSV. */
export const loader = declare(figuresCsvApi, {
  ...get("The villages' figures as CSV", REGENCY_OR_CAMAT),
  query: z.object({ year: z.string().optional() }),
  ...raw('text/csv', "One row per village (a camat: its kecamatan's)"),
})
export const action = methodNotAllowed
