import { featureApi } from '~/doors/village-info/map-api.server'
import {
  declare,
  featureInputSchema,
  idParam,
  imageFile,
  mapFeatureResponse,
  withFields,
  z,
} from '~/openapi/operations.server'

/** GET/PUT/DELETE /api/admin/map/features/{id}. */
export const loader = declare(featureApi, {
  method: 'get',
  tag: 'Map',
  summary: 'Show a map feature',
  permissions: ['maps-index'],
  params: idParam('feature'),
  ok: { status: 200, data: mapFeatureResponse, message: 'Detail Data Map Feature' },
  fails: [404],
})

export const action = declare(
  featureApi,
  {
    method: 'put',
    tag: 'Map',
    summary: 'Change a map feature',
    description: 'As create; a missing field keeps its value, and a new photo `image` replaces the old one.',
    permissions: ['maps-update'],
    params: idParam('feature'),
    body: {
      json: featureInputSchema.partial().extend({ geometry: z.record(z.unknown()).optional() }),
      multipart: withFields(featureInputSchema.partial(), {
        geometry: z.string().optional(),
        image: imageFile().optional(),
      }),
    },
    ok: { status: 200, data: mapFeatureResponse, message: 'Feature updated successfully' },
    fails: [404],
  },
  {
    method: 'delete',
    tag: 'Map',
    summary: 'Delete a map feature',
    permissions: ['maps-delete'],
    params: idParam('feature'),
    ok: { status: 200, data: z.null(), message: 'Feature deleted successfully' },
    fails: [404],
  },
)
