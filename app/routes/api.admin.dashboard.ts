import { dashboardApi, methodNotAllowed } from '~/doors/site/admin-api.server'
import { declare, get, ok } from '~/openapi/declare.server'
import { Dashboard } from '~/openapi/operations.server'

/** GET /api/admin/dashboard: the counts of the dashboard. */
export const loader = declare(dashboardApi, {
  ...get('The dashboard counts', 'dashboard-index'),
  ...ok(Dashboard, 'Dashboard'),
})
export const action = methodNotAllowed
