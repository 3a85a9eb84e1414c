import { resourceAllApi, resourceAllWriteApi } from '~/doors/site/admin-api.server'
import { declare, get, ok, type Operation } from '~/openapi/declare.server'
import { ITEMS, resourcesWithAll, z } from '~/openapi/operations.server'
import { allAlsoFor } from '~/resources'
import { permissionsOf } from '~/resources/resource'

/** GET /api/admin/{permissions,roles,categories}/all: every row, by name (the resources whose model has `all`). */
export const loader = declare(
  resourceAllApi,
  resourcesWithAll().map((resource): Operation => ({
    ...get(`Every ${resource.thing.toLowerCase()}, by name`, [
      permissionsOf(resource).index,
      ...allAlsoFor(resource.name),
    ]),
    path: `/api/admin/${resource.name}/all`,
    ...ok(z.array(ITEMS[resource.name]), `List Data ${resource.things}`),
  })),
)
export const action = resourceAllWriteApi
