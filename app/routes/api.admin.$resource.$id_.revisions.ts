import { methodNotAllowed, revisionsApi } from '~/doors/content/revisions.server'
import { declare, ok, type Operation } from '~/openapi/declare.server'
import { REVISIONS_KEPT, revisedResources, revisionCalls, revisionResponse, z } from '~/openapi/operations.server'

/** GET /api/admin/{resource}/{id}/revisions, for each resource declared with revisions. */
export const loader = declare(
  revisionsApi,
  revisedResources().map((resource): Operation => {
    const { path, thing, editors, item } = revisionCalls(resource)
    return {
      ...item.get(`The revisions of a ${thing}, newest first`, editors),
      path: `${path}/revisions`,
      ...ok(z.array(revisionResponse), 'List Data Revisions'),
      description: `Every update keeps the state before it; the last ${REVISIONS_KEPT} are kept.`,
    }
  }),
)
export const action = methodNotAllowed
