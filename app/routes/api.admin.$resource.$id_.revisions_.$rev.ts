import { methodNotAllowed, revisionApi } from '~/doors/content/revisions.server'
import { declare, ok, type Operation } from '~/openapi/declare.server'
import { revisedResources, revisionCalls, revisionDetailResponse } from '~/openapi/operations.server'

/** GET /api/admin/{resource}/{id}/revisions/{rev}, for each resource declared with revisions. */
export const loader = declare(
  revisionApi,
  revisedResources().map((resource): Operation => {
    const { path, thing, editors, revision } = revisionCalls(resource)
    return {
      ...revision.get(`One revision of a ${thing}, with its fields`, editors),
      path: `${path}/revisions/{rev}`,
      ...ok(revisionDetailResponse, 'Detail Data Revision'),
      description: "Another item's revision, or an id that is not a number, is a 404.",
    }
  }),
)
export const action = methodNotAllowed
