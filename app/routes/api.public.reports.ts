import { fileReportApi, publicReportsApi } from '~/doors/citizen-reports.server'

/** GET /api/public/reports: the reports staff made public; POST: a citizen files one (docs/api.md "Citizen reports"). */
export const loader = publicReportsApi

export const action = fileReportApi
