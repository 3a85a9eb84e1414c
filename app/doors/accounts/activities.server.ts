import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '~/auth/session.server'
import { ADMIN_PAGE_SIZE, parseListQuery } from '~/lib/paging'
import { activityFilterChoices, listActivities, parseActivityFilters } from '~/models/accounts/activity.server'

/** Log Aktivitas (activities-index): who changed what, newest first, searchable and filtered; read only. */
export async function activitiesLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'activities-index')
  const url = new URL(request.url)
  const query = parseListQuery(url.searchParams, ADMIN_PAGE_SIZE)
  const filters = parseActivityFilters(url.searchParams)
  const [page, choices] = await Promise.all([listActivities(query, filters, url.pathname), activityFilterChoices()])
  return { page, choices, search: query.search, filters }
}
