import { layersApi } from '~/doors/village-info/map-api.server'
import { declare, get, post, ok, created, json } from '~/openapi/declare.server'
import { layerInput, mapLayerListItem, mapLayerResponse, z } from '~/openapi/operations.server'

/** GET/POST /api/admin/map/layers (docs/api.md "Village map (peta desa)"). */
export const loader = declare(layersApi, {
  ...get('List the map layers', 'maps-index'),
  ...ok(z.array(mapLayerListItem), 'List Data Map Layers'),
  description: 'Every layer, in the order of `position`, with how many features it has.',
})

export const action = declare(layersApi, {
  ...post('Create a map layer', 'maps-create', json(layerInput)),
  ...created(mapLayerResponse, 'Layer created successfully'),
  description:
    'Error keys `Name`, `Slug` (a-z, 0-9 and hyphens, unique, not `pembangunan`, `produk` or `agenda`), `Kind`, ' +
    '`Color`, `Public`, `Position`. Without a slug, one is made from the name.',
})
