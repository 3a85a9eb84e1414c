import { layerApi } from '~/doors/village-info/map-api.server'
import { declare, get, put, del, ok, json } from '~/openapi/declare.server'
import { idParam, layerInput, mapLayerResponse, z } from '~/openapi/operations.server'

/** GET/PUT/DELETE /api/admin/map/layers/{id}. */
export const loader = declare(layerApi, {
  ...get('Show a map layer', 'maps-index'),
  params: idParam('layer'),
  ...ok(mapLayerResponse, 'Detail Data Map Layer'),
})

export const action = declare(
  layerApi,
  {
    ...put('Change a map layer', 'maps-update'),
    params: idParam('layer'),
    body: json(layerInput),
    ...ok(mapLayerResponse, 'Layer updated successfully'),
    description: 'As create; a missing field keeps its value. `Kind` cannot change while the layer has features (422).',
  },
  {
    ...del('Delete a map layer with its features', 'maps-delete'),
    params: idParam('layer'),
    ...ok(z.null(), 'Layer deleted successfully'),
  },
)
