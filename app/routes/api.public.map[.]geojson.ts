import { methodNotAllowed, publicMapExportApi } from '~/doors/village-info/map-api.server'
import { noQuery } from '~/lib/cache-keys'
import { declare, get, raw, PUBLIC } from '~/openapi/declare.server'

/** GET /api/public/map.geojson: the export of every public layer. */
export const loader = declare(publicMapExportApi, {
  ...get('Every public map layer in one GeoJSON file (export)', PUBLIC),
  etag: true,
  ...raw('application/geo+json', 'A GeoJSON FeatureCollection'),
  description:
    "One FeatureCollection of every public layer's features (automatic ones included), each feature's " +
    "`properties.layer` its layer's slug. With an ETag and 304.",
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
