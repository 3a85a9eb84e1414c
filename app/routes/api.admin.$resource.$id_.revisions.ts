import { methodNotAllowed, revisionsApi } from '~/doors/content/revisions.server'
import { declare, type Operation } from '~/openapi/declare.server'
import { revisedResources, revisionCommon, REVISIONS_KEPT, revisionResponse, z } from '~/openapi/operations.server'

/** GET /api/admin/{resource}/{id}/revisions, for each resource declared with revisions. */
export const loader = declare(
  revisionsApi,
  revisedResources().map((resource): Operation => {
    const { revParams: _, ...common } = revisionCommon(resource)
    return {
      ...common,
      method: 'get',
      path: `/api/admin/${resource.name}/{id}/revisions`,
      summary: `The revisions of a ${resource.thing.toLowerCase()}, newest first`,
      description: `Every update keeps the state before it; the last ${REVISIONS_KEPT} are kept.`,
      ok: { status: 200, data: z.array(revisionResponse), message: 'List Data Revisions' },
    }
  }),
)
export const action = methodNotAllowed
