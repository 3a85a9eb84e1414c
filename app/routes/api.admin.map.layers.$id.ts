import { layerApi } from '~/doors/village-info/map-api.server'
import { declare, idParam, layerInput, mapLayerResponse, z } from '~/openapi/operations.server'

/** GET/PUT/DELETE /api/admin/map/layers/{id}. */
export const loader = declare(layerApi, {
  method: 'get',
  tag: 'Map',
  summary: 'Show a map layer',
  permissions: ['maps-index'],
  params: idParam('layer'),
  ok: { status: 200, data: mapLayerResponse, message: 'Detail Data Map Layer' },
  fails: [404],
})

export const action = declare(
  layerApi,
  {
    method: 'put',
    tag: 'Map',
    summary: 'Change a map layer',
    description: 'As create; a missing field keeps its value. `Kind` cannot change while the layer has features (422).',
    permissions: ['maps-update'],
    params: idParam('layer'),
    body: { json: layerInput },
    ok: { status: 200, data: mapLayerResponse, message: 'Layer updated successfully' },
    fails: [404],
  },
  {
    method: 'delete',
    tag: 'Map',
    summary: 'Delete a map layer with its features',
    permissions: ['maps-delete'],
    params: idParam('layer'),
    ok: { status: 200, data: z.null(), message: 'Layer deleted successfully' },
    fails: [404],
  },
)
