import { methodNotAllowed, revisionApi } from '~/doors/content/revisions.server'
import { declare, type Operation } from '~/openapi/declare.server'
import { revisedResources, revisionCommon, revisionDetailResponse } from '~/openapi/operations.server'

/** GET /api/admin/{resource}/{id}/revisions/{rev}, for each resource declared with revisions. */
export const loader = declare(
  revisionApi,
  revisedResources().map((resource): Operation => {
    const { revParams, ...common } = revisionCommon(resource)
    return {
      ...common,
      method: 'get',
      path: `/api/admin/${resource.name}/{id}/revisions/{rev}`,
      summary: `One revision of a ${resource.thing.toLowerCase()}, with its fields`,
      description: "Another item's revision, or an id that is not a number, is a 404.",
      params: revParams,
      ok: { status: 200, data: revisionDetailResponse, message: 'Detail Data Revision' },
    }
  }),
)
export const action = methodNotAllowed
