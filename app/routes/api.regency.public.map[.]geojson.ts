import { regencyMapApi } from '~/doors/regency/regency-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { declare } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/regency/public/map.geojson: every active village's boundary (docs/api.md "Village map (peta desa)"). */
export const loader = declare(regencyMapApi, {
  method: 'get',
  tag: 'Regency',
  summary: "Every active village's boundary (GeoJSON)",
  description:
    "A FeatureCollection of each active village's `batas-desa` features, each with `properties` `{slug, name, url}` " +
    "(`url` the village's home). No token.",
  permissions: null,
  raw: { description: 'A GeoJSON FeatureCollection', type: 'application/geo+json', schema: { type: 'object' } },
})
export const action = methodNotAllowed
