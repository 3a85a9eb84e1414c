import { reportsMethodNotAllowed, respondApi } from '~/doors/citizen-reports.server'

/** POST /api/admin/reports/{id}/responses `{message}` (reports-update): staff's answer to a report. */
export const loader = reportsMethodNotAllowed

export const action = respondApi
