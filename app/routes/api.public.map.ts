import { methodNotAllowed, publicMapApi } from '~/doors/village-info/map-api.server'
import { noQuery } from '~/lib/cache-keys'
import { declare, publicMapResponse } from '~/openapi/operations.server'

/** GET /api/public/map: the public layers (automatic ones included) and the box that holds them. */
export const loader = declare(publicMapApi, {
  method: 'get',
  tag: 'Public',
  summary: 'The village map: its public layers',
  description:
    'Each public layer with its feature count; the automatic layers `pembangunan`, `produk` and `agenda` (the ' +
    'published items with a location) last, when they have any. `bbox` is `[west, south, east, north]`.',
  permissions: null,
  etag: true,
  ok: { status: 200, data: publicMapResponse, message: 'Data Peta Desa' },
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
