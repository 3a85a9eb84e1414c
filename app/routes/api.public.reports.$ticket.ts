import { reportsMethodNotAllowed, trackReportApi } from '~/doors/citizen-reports.server'

/** GET /api/public/reports/{ticket}?code=: the report for whoever holds its tracking code; the same 404 otherwise. */
export const loader = trackReportApi

export const action = reportsMethodNotAllowed
