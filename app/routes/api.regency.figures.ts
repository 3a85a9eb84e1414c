import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { figuresApi } from '~/doors/regency/regency-data.server'
import { declare, get, ok, REGENCY_OR_CAMAT } from '~/openapi/declare.server'
import { figuresResponse, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/regency/figures?year: the villages' figures, per kecamatan and in total (a camat: its kecamatan's). */
export const loader = declare(figuresApi, {
  ...get("The villages' figures, per kecamatan and in total", REGENCY_OR_CAMAT),
  query: z.object({ year: z.string().optional().openapi({ description: 'A year, 2000 to 2100 (key `Year`)' }) }),
  ...ok(figuresResponse, 'Regency Figures'),
  description:
    "Each active village's figures computed from its own data; `year` picks the APBDes year (default: each village's " +
    'newest published one). Sums per kecamatan and in total, percentages recomputed from the summed amounts. A camat ' +
    "gets its kecamatan's villages only.",
})
export const action = methodNotAllowed
