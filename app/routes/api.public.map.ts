import { methodNotAllowed, publicMapApi } from '~/doors/village-info/map-api.server'
import { noQuery } from '~/lib/cache-keys'
import { declare, get, ok, PUBLIC } from '~/openapi/declare.server'
import { publicMapResponse } from '~/openapi/operations.server'

/** GET /api/public/map: the public layers (automatic ones included) and the box that holds them. */
export const loader = declare(publicMapApi, {
  ...get('The village map: its public layers', PUBLIC),
  etag: true,
  ...ok(publicMapResponse, 'Data Peta Desa'),
  description:
    'Each public layer with its feature count; the automatic layers `pembangunan`, `produk` and `agenda` (the ' +
    'published items with a location) last, when they have any. `bbox` is `[west, south, east, north]`.',
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
