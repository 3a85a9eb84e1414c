import { methodNotAllowed, publicMapExportApi } from '~/doors/village-info/map-api.server'
import { noQuery } from '~/lib/cache-keys'
import { declare } from '~/openapi/operations.server'

/** GET /api/public/map.geojson: the export of every public layer. */
export const loader = declare(publicMapExportApi, {
  method: 'get',
  tag: 'Public',
  summary: 'Every public map layer in one GeoJSON file (export)',
  description:
    "One FeatureCollection of every public layer's features (automatic ones included), each feature's " +
    "`properties.layer` its layer's slug. With an ETag and 304.",
  permissions: null,
  etag: true,
  raw: { description: 'A GeoJSON FeatureCollection', type: 'application/geo+json', schema: { type: 'object' } },
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
