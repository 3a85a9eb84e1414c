import { featuresApi } from '~/doors/village-info/map-api.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { declare, get, post, ok, created, jsonOrMultipart } from '~/openapi/declare.server'
import {
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
  ...get('List the map features', 'maps-index'),
  query: listParams(ADMIN_PAGE_SIZE)
    .omit({ search: true })
    .extend({ layer_id: z.string().optional().openapi({ description: "Only this layer's features" }) }),
  ...ok(paginated(mapFeatureResponse, 'MapFeature'), 'List Data Map Features'),
  description: "Oldest first; `layer_id` keeps one layer's.",
})

export const action = declare(featuresApi, {
  ...post(
    'Create a map feature',
    'maps-create',
    jsonOrMultipart(
      featureInputSchema.extend({ geometry: z.record(z.unknown()) }),
      withFields(featureInputSchema, { geometry: z.string(), image: imageFile().optional() }),
    ),
  ),
  ...created(mapFeatureResponse, 'Feature created successfully'),
  description:
    "`geometry` a GeoJSON geometry of the layer's kind (area: Polygon/MultiPolygon, point: Point, line: " +
    'LineString/MultiLineString), closed rings that do not cross themselves, coordinates in range, at most 50,000 ' +
    'vertices. Error keys `Layer_id`, `Name`, `Description`, `Geometry`, `Image`. Area and length are computed. ' +
    'JSON, or multipart with an optional photo `image` (`geometry` then as JSON text).',
})
