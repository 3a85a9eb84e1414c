import { useLoaderData } from '@remix-run/react'
import { ActivityLog } from '~/components/admin/activity-log'
import { titled } from '~/components/admin/meta'
import { ListErrorBoundary } from '~/components/admin/resource-list'
import { activitiesLoader } from '~/doors/activities.server'

export const handle = { regency: true }

export const meta = titled('Log Aktivitas')
export const loader = activitiesLoader
export const ErrorBoundary = ListErrorBoundary
export default function Activities() {
  return <ActivityLog {...useLoaderData<typeof loader>()} />
}
