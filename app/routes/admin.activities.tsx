import { useLoaderData } from '@remix-run/react'
import { ActivityLog } from '~/components/accounts/activity-log'
import { titled } from '~/components/site/meta'
import { ListErrorBoundary } from '~/components/site/resource-list'
import { activitiesLoader } from '~/doors/accounts/activities.server'

export const handle = { regency: true }

export const meta = titled('Log Aktivitas')
export const loader = activitiesLoader
export const ErrorBoundary = ListErrorBoundary
export default function Activities() {
  return <ActivityLog {...useLoaderData<typeof loader>()} />
}
