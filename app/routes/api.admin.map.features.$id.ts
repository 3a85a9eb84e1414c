import { featureApi } from '~/doors/village-info/map-api.server'
import { declare, get, put, del, ok, jsonOrMultipart } from '~/openapi/declare.server'
import { featureInputSchema, idParam, imageFile, mapFeatureResponse, withFields, z } from '~/openapi/operations.server'

/** GET/PUT/DELETE /api/admin/map/features/{id}. */
export const loader = declare(featureApi, {
  ...get('Show a map feature', 'maps-index'),
  params: idParam('feature'),
  ...ok(mapFeatureResponse, 'Detail Data Map Feature'),
})

export const action = declare(
  featureApi,
  {
    ...put('Change a map feature', 'maps-update'),
    params: idParam('feature'),
    body: jsonOrMultipart(
      featureInputSchema.partial().extend({ geometry: z.record(z.unknown()).optional() }),
      withFields(featureInputSchema.partial(), { geometry: z.string().optional(), image: imageFile().optional() }),
    ),
    ...ok(mapFeatureResponse, 'Feature updated successfully'),
    description: 'As create; a missing field keeps its value, and a new photo `image` replaces the old one.',
  },
  {
    ...del('Delete a map feature', 'maps-delete'),
    params: idParam('feature'),
    ...ok(z.null(), 'Feature deleted successfully'),
  },
)
