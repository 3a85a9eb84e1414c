import { layerApi } from '~/doors/village-info/map-api.server'
import { declare, at, json, ok } from '~/openapi/declare.server'
import { idParam, layerInput, mapLayerResponse, z } from '~/openapi/operations.server'

const layer = at(idParam('layer'))

/** GET/PUT/DELETE /api/admin/map/layers/{id}. */
export const loader = declare(layerApi, {
  ...layer.get('Show a map layer', 'maps-index'),
  ...ok(mapLayerResponse, 'Detail Data Map Layer'),
})

export const action = declare(layerApi, [
  {
    ...layer.put('Change a map layer', 'maps-update', json(layerInput)),
    ...ok(mapLayerResponse, 'Layer updated successfully'),
    description: 'As create; a missing field keeps its value. `Kind` cannot change while the layer has features (422).',
  },
  {
    ...layer.del('Delete a map layer with its features', 'maps-delete'),
    ...ok(z.null(), 'Layer deleted successfully'),
  },
])
