import { reportsMethodNotAllowed, respondApi } from '~/doors/citizen-services/citizen-reports.server'
import { declare, idParam, reportResponse, reportResponseInput } from '~/openapi/operations.server'

/** POST /api/admin/reports/{id}/responses `{message}` (reports-update): staff's answer to a report. */
export const loader = reportsMethodNotAllowed

export const action = declare(respondApi, {
  method: 'post',
  tag: 'Reports',
  summary: 'Answer a report',
  description: 'Plain text (error key `Message`). E-mailed to the citizen when SMTP is set and they gave an address.',
  permissions: ['reports-update'],
  params: idParam('report'),
  body: { json: reportResponseInput },
  ok: { status: 201, data: reportResponse, message: 'Response added successfully' },
  fails: [404],
})
