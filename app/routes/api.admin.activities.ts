import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '~/auth/session.server'
import { apiSuccess, handleApi, methodNotAllowed } from '~/utils/http.server'
import { ADMIN_PAGE_SIZE, parseListQuery } from '~/lib/paging'
import { listActivities, parseActivityFilters } from '~/models/activity.server'

/** GET /api/admin/activities?page&search&user_id&resource&action (activities-index): the log, newest first. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    await requirePermission(request, 'activities-index')
    const url = new URL(request.url)
    const page = await listActivities(
      parseListQuery(url.searchParams, ADMIN_PAGE_SIZE),
      parseActivityFilters(url.searchParams),
      url.pathname,
    )
    return apiSuccess('List Data Activities', page)
  })

/** Entries cannot be written, edited or deleted through the site. */
export const action = methodNotAllowed
