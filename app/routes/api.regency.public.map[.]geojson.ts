import { regencyMapApi } from '~/doors/regency/regency-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { declare, get, raw, PUBLIC } from '~/openapi/declare.server'

export const handle = { regency: true }

/** GET /api/regency/public/map.geojson: every active village's boundary (docs/api.md "Village map (peta desa)"). */
export const loader = declare(regencyMapApi, {
  ...get("Every active village's boundary (GeoJSON)", PUBLIC),
  ...raw('application/geo+json', 'A GeoJSON FeatureCollection'),
  description:
    "A FeatureCollection of each active village's `batas-desa` features, each with `properties` `{slug, name, url}` " +
    "(`url` the village's home). No token.",
})
export const action = methodNotAllowed
