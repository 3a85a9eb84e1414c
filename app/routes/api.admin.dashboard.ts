import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '~/auth/session.server'
import { apiSuccess, handleApi, HttpError } from '~/server/http.server'
import { dashboardCounts } from '~/models/dashboard.server'

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    await requirePermission(request, 'dashboard-index')
    return apiSuccess('Dashboard', await dashboardCounts())
  })

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    throw new HttpError(405, 'Method Not Allowed')
  })
