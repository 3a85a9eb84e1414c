import { reportsMethodNotAllowed, respondApi } from '~/doors/citizen-services/citizen-reports.server'
import { at, declare, json, created } from '~/openapi/declare.server'
import { idParam, reportResponse, reportResponseInput } from '~/openapi/operations.server'

/** POST /api/admin/reports/{id}/responses `{message}` (reports-update): staff's answer to a report. */
export const loader = reportsMethodNotAllowed

export const action = declare(respondApi, {
  ...at(idParam('report')).post('Answer a report', 'reports-update', json(reportResponseInput)),
  ...created(reportResponse, 'Response added successfully'),
  description: 'Plain text (error key `Message`). E-mailed to the citizen when SMTP is set and they gave an address.',
})
