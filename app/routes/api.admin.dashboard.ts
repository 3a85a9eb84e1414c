import { dashboardApi, methodNotAllowed } from '~/doors/site/admin-api.server'
import { Dashboard, declare } from '~/openapi/operations.server'

/** GET /api/admin/dashboard: the counts of the dashboard. */
export const loader = declare(dashboardApi, {
  method: 'get',
  tag: 'Dashboard',
  summary: 'The dashboard counts',
  permissions: ['dashboard-index'],
  ok: { status: 200, data: Dashboard, message: 'Dashboard' },
})
export const action = methodNotAllowed
