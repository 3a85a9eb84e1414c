import { fileReportApi, publicReportsApi } from '~/doors/citizen-reports.server'
import { listQuery } from '~/lib/cache-keys'

/**
 * GET /api/public/reports: the reports staff made public; POST: a citizen files one (docs/api.md "Citizen reports").
 */
export const loader = publicReportsApi

export const handle = { cacheKey: listQuery() }

export const action = fileReportApi
