import { reportsMethodNotAllowed, trackReportApi } from '~/doors/citizen-services/citizen-reports.server'
import { declare, publicReportResponse, z } from '~/openapi/operations.server'

/** GET /api/public/reports/{ticket}?code=: the report for whoever holds its tracking code; the same 404 otherwise. */
export const loader = declare(trackReportApi, {
  method: 'get',
  tag: 'Public',
  summary: 'Track a report with its code',
  description:
    'A wrong or missing code is the same 404 as an unknown ticket; 20 failed lookups from one address in 15 ' +
    'minutes are a 429. Never cached.',
  permissions: null,
  params: z.object({ ticket: z.string().openapi({ example: 'ADU-2026-0007' }) }),
  query: z.object({ code: z.string().openapi({ description: 'The tracking code given when the report was filed' }) }),
  ok: { status: 200, data: publicReportResponse, message: 'Detail Data Report' },
  fails: [404, 429],
})

export const action = reportsMethodNotAllowed
