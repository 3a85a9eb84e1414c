import { methodNotAllowed, restoreApi } from '~/doors/content/revisions.server'
import { declare, type Operation } from '~/openapi/declare.server'
import { ITEMS, revisedResources, revisionCommon } from '~/openapi/operations.server'

/** POST /api/admin/{resource}/{id}/revisions/{rev}/restore, for each resource declared with revisions. */
export const loader = methodNotAllowed
export const action = declare(
  restoreApi,
  revisedResources().map((resource): Operation => {
    const { revParams, ...common } = revisionCommon(resource)
    return {
      ...common,
      method: 'post',
      path: `/api/admin/${resource.name}/{id}/revisions/{rev}/restore`,
      summary: `Bring a ${resource.thing.toLowerCase()} back to a revision`,
      description:
        'An update like any other (validation, sanitiser, spam guard; itself a new revision), logged as `restore`. ' +
        'Status, publish time and files are not restored. A revision that no longer passes (its category deleted) is ' +
        'a 422 naming the field, and nothing changes.',
      params: revParams,
      ok: { status: 200, data: ITEMS[resource.name], message: `${resource.thing} restored successfully` },
      fails: [404, 422],
    }
  }),
)
