import { resourceAllApi, resourceAllWriteApi } from '~/doors/site/admin-api.server'
import { declare, type Operation } from '~/openapi/declare.server'
import { ITEMS, resourcesWithAll, z } from '~/openapi/operations.server'
import { allAlsoFor } from '~/resources'
import { permissionsOf } from '~/resources/resource'

/** GET /api/admin/{permissions,roles,categories}/all: every row, by name (the resources whose model has `all`). */
export const loader = declare(
  resourceAllApi,
  resourcesWithAll().map((resource): Operation => ({
    method: 'get',
    path: `/api/admin/${resource.name}/all`,
    tag: resource.things,
    summary: `Every ${resource.thing.toLowerCase()}, by name`,
    permissions: [permissionsOf(resource).index, ...allAlsoFor(resource.name)],
    ok: { status: 200, data: z.array(ITEMS[resource.name]), message: `List Data ${resource.things}` },
  })),
)
export const action = resourceAllWriteApi
