import { screen } from '~/components/shared/route-screen'
import { ActivityLog } from '~/components/accounts/activity-log'
import { titled } from '~/components/site/meta'
import { ListErrorBoundary } from '~/components/site/resource-list'
import { activitiesLoader } from '~/doors/accounts/activities.server'

export const handle = { regency: true }

export const meta = titled('Log Aktivitas')
export const loader = activitiesLoader
export const ErrorBoundary = ListErrorBoundary
export default screen<typeof loader>(ActivityLog)
