import { layersApi } from '~/doors/village-info/map-api.server'
import { declare, layerInput, mapLayerListItem, mapLayerResponse, z } from '~/openapi/operations.server'

/** GET/POST /api/admin/map/layers (docs/api.md "Village map (peta desa)"). */
export const loader = declare(layersApi, {
  method: 'get',
  tag: 'Map',
  summary: 'List the map layers',
  description: 'Every layer, in the order of `position`, with how many features it has.',
  permissions: ['maps-index'],
  ok: { status: 200, data: z.array(mapLayerListItem), message: 'List Data Map Layers' },
})

export const action = declare(layersApi, {
  method: 'post',
  tag: 'Map',
  summary: 'Create a map layer',
  description:
    'Error keys `Name`, `Slug` (a-z, 0-9 and hyphens, unique, not `pembangunan`, `produk` or `agenda`), `Kind`, ' +
    '`Color`, `Public`, `Position`. Without a slug, one is made from the name.',
  permissions: ['maps-create'],
  body: { json: layerInput },
  ok: { status: 201, data: mapLayerResponse, message: 'Layer created successfully' },
})
