import { methodNotAllowed, publicLayerFileApi } from '~/doors/village-info/map-api.server'
import { noQuery } from '~/lib/cache-keys'
import { declare, z } from '~/openapi/operations.server'

/** GET /api/public/map/layers/{slug}.geojson: a public layer's features. */
export const loader = declare(publicLayerFileApi, {
  method: 'get',
  tag: 'Public',
  summary: "A public map layer's features (GeoJSON)",
  description:
    "A FeatureCollection (`application/geo+json`), each feature's `properties` `{id, name, description, url?, " +
    "image?}` (`url` the item's page on the automatic layers). With an ETag; 304 to a matching `If-None-Match`. A " +
    'layer that is not public is 404.',
  permissions: null,
  etag: true,
  params: z.object({ slug: z.string().openapi({ description: "The layer's slug", example: 'batas-desa' }) }),
  raw: { description: 'A GeoJSON FeatureCollection', type: 'application/geo+json', schema: { type: 'object' } },
  fails: [404],
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
