import { screen } from '~/components/shared/route-screen'
import { DashboardScreen } from '~/components/site/dashboard-screen'
import { titled } from '~/components/site/meta'
import { dashboardLoader } from '~/doors/site/admin.server'

export const handle = { regency: true }

export const meta = titled('Dashboard')
export const loader = dashboardLoader
export default screen<typeof loader>(DashboardScreen)
