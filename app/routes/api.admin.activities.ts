import { activitiesApi, methodNotAllowed } from '~/doors/site/admin-api.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { Activity, declare, listParams, paginated, z } from '~/openapi/operations.server'

/** GET /api/admin/activities: the log, newest first. Entries cannot be written, edited or deleted through the site. */
export const loader = declare(activitiesApi, {
  method: 'get',
  tag: 'Activity log',
  summary: 'The activity log, newest first',
  description:
    '`search` matches `summary` and `user_name`. Every successful write through either door, and every login ' +
    'attempt, adds one entry; no call edits or deletes entries.',
  permissions: ['activities-index'],
  query: listParams(ADMIN_PAGE_SIZE).extend({
    user_id: z.string().optional().openapi({ description: "Only this user's entries" }),
    resource: z.string().optional().openapi({ description: 'Only entries of this resource (`posts`, ...)' }),
    action: Activity.shape.action.optional(),
  }),
  data: paginated(Activity, 'Activity'),
})
export const action = methodNotAllowed
