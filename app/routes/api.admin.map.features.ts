import { featuresApi } from '~/doors/village-info/map-api.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import {
  declare,
  featureInputSchema,
  imageFile,
  listParams,
  mapFeatureResponse,
  paginated,
  withFields,
  z,
} from '~/openapi/operations.server'

/** GET/POST /api/admin/map/features (docs/api.md "Village map (peta desa)"). */
export const loader = declare(featuresApi, {
  method: 'get',
  tag: 'Map',
  summary: 'List the map features',
  description: "Oldest first; `layer_id` keeps one layer's.",
  permissions: ['maps-index'],
  query: listParams(ADMIN_PAGE_SIZE)
    .omit({ search: true })
    .extend({ layer_id: z.string().optional().openapi({ description: "Only this layer's features" }) }),
  ok: { status: 200, data: paginated(mapFeatureResponse, 'MapFeature'), message: 'List Data Map Features' },
})

export const action = declare(featuresApi, {
  method: 'post',
  tag: 'Map',
  summary: 'Create a map feature',
  description:
    "`geometry` a GeoJSON geometry of the layer's kind (area: Polygon/MultiPolygon, point: Point, line: " +
    'LineString/MultiLineString), closed rings that do not cross themselves, coordinates in range, at most 50,000 ' +
    'vertices. Error keys `Layer_id`, `Name`, `Description`, `Geometry`, `Image`. Area and length are computed. ' +
    'JSON, or multipart with an optional photo `image` (`geometry` then as JSON text).',
  permissions: ['maps-create'],
  body: {
    json: featureInputSchema.extend({ geometry: z.record(z.unknown()) }),
    multipart: withFields(featureInputSchema, { geometry: z.string(), image: imageFile().optional() }),
  },
  ok: { status: 201, data: mapFeatureResponse, message: 'Feature created successfully' },
})
