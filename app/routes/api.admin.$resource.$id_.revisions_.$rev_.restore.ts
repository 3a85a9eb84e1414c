import { methodNotAllowed, restoreApi } from '~/doors/content/revisions.server'
import { declare, ok, type Operation } from '~/openapi/declare.server'
import { ITEMS, revisedResources, revisionCalls } from '~/openapi/operations.server'

/** POST /api/admin/{resource}/{id}/revisions/{rev}/restore, for each resource declared with revisions. */
export const loader = methodNotAllowed
export const action = declare(
  restoreApi,
  revisedResources().map((resource): Operation => {
    const { path, thing, editors, revision } = revisionCalls(resource)
    return {
      ...revision.post(`Bring a ${thing} back to a revision`, editors),
      path: `${path}/revisions/{rev}/restore`,
      ...ok(ITEMS[resource.name], `${resource.thing} restored successfully`, 422),
      description:
        'An update like any other (validation, sanitiser, spam guard; itself a new revision), logged as `restore`. ' +
        'Status, publish time and files are not restored. A revision that no longer passes (its category deleted) is ' +
        'a 422 naming the field, and nothing changes.',
    }
  }),
)
