import { featureApi } from '~/doors/village-info/map-api.server'
import { declare, at, jsonOrMultipart, ok } from '~/openapi/declare.server'
import { featureInputSchema, idParam, imageFile, mapFeatureResponse, withFields, z } from '~/openapi/operations.server'

const feature = at(idParam('feature'))

/** GET/PUT/DELETE /api/admin/map/features/{id}. */
export const loader = declare(featureApi, {
  ...feature.get('Show a map feature', 'maps-index'),
  ...ok(mapFeatureResponse, 'Detail Data Map Feature'),
})

export const action = declare(featureApi, [
  {
    ...feature.put(
      'Change a map feature',
      'maps-update',
      jsonOrMultipart(
        featureInputSchema.partial().extend({ geometry: z.record(z.unknown()).optional() }),
        withFields(featureInputSchema.partial(), { geometry: z.string().optional(), image: imageFile().optional() }),
      ),
    ),
    ...ok(mapFeatureResponse, 'Feature updated successfully'),
    description: 'As create; a missing field keeps its value, and a new photo `image` replaces the old one.',
  },
  { ...feature.del('Delete a map feature', 'maps-delete'), ...ok(z.null(), 'Feature deleted successfully') },
])
