import { methodNotAllowed, publicLayerFileApi } from '~/doors/village-info/map-api.server'
import { noQuery } from '~/lib/cache-keys'
import { at, declare, PUBLIC, raw } from '~/openapi/declare.server'
import { z } from '~/openapi/operations.server'

/** GET /api/public/map/layers/{slug}.geojson: a public layer's features. */
export const loader = declare(publicLayerFileApi, {
  ...at(z.object({ slug: z.string().openapi({ description: "The layer's slug", example: 'batas-desa' }) })).get(
    "A public map layer's features (GeoJSON)",
    PUBLIC,
  ),
  etag: true,
  ...raw('application/geo+json', 'A GeoJSON FeatureCollection'),
  description:
    "A FeatureCollection (`application/geo+json`), each feature's `properties` `{id, name, description, url?, " +
    "image?}` (`url` the item's page on the automatic layers). With an ETag; 304 to a matching `If-None-Match`. A " +
    'layer that is not public is 404.',
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
