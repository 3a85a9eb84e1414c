import { activitiesApi, methodNotAllowed } from '~/doors/site/admin-api.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { declare, get, ok } from '~/openapi/declare.server'
import { Activity, listParams, paginated, z } from '~/openapi/operations.server'

/** GET /api/admin/activities: the log, newest first. Entries cannot be written, edited or deleted through the site. */
export const loader = declare(activitiesApi, {
  ...get('The activity log, newest first', 'activities-index'),
  query: listParams(ADMIN_PAGE_SIZE).extend({
    user_id: z.string().optional().openapi({ description: "Only this user's entries" }),
    resource: z.string().optional().openapi({ description: 'Only entries of this resource (`posts`, ...)' }),
    action: Activity.shape.action.optional(),
  }),
  ...ok(paginated(Activity, 'Activity')),
  description:
    '`search` matches `summary` and `user_name`. Every successful write through either door, and every login ' +
    'attempt, adds one entry; no call edits or deletes entries.',
})
export const action = methodNotAllowed
