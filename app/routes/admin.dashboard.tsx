import { useLoaderData } from '@remix-run/react'
import { DashboardScreen } from '~/components/site/dashboard-screen'
import { titled } from '~/components/site/meta'
import { dashboardLoader } from '~/doors/site/admin.server'

export const handle = { regency: true }

export const meta = titled('Dashboard')
export const loader = dashboardLoader
export default function Dashboard() {
  return <DashboardScreen {...useLoaderData<typeof loader>()} />
}
