import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '~/auth/session.server'
import { apiSuccess, handleApi, methodNotAllowed } from '~/utils/http.server'
import { dashboardCounts } from '~/models/dashboard.server'

/** GET /api/admin/dashboard (dashboard-index): the counts of the dashboard. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    await requirePermission(request, 'dashboard-index')
    return apiSuccess('Dashboard', await dashboardCounts())
  })

export const action = methodNotAllowed
