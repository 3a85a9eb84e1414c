import { dashboardApi, methodNotAllowed } from '~/doors/admin-api.server'

/** GET /api/admin/dashboard: the counts of the dashboard. */
export const loader = dashboardApi
export const action = methodNotAllowed
