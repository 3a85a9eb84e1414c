import { activitiesApi, methodNotAllowed } from '~/doors/admin-api.server'

/** GET /api/admin/activities: the log, newest first. Entries cannot be written, edited or deleted through the site. */
export const loader = activitiesApi
export const action = methodNotAllowed
