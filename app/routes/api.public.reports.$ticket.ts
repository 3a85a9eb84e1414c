import { reportsMethodNotAllowed, trackReportApi } from '~/doors/citizen-services/citizen-reports.server'
import { at, declare, PUBLIC, ok } from '~/openapi/declare.server'
import { publicReportResponse, z } from '~/openapi/operations.server'

/** GET /api/public/reports/{ticket}?code=: the report for whoever holds its tracking code; the same 404 otherwise. */
export const loader = declare(trackReportApi, {
  ...at(z.object({ ticket: z.string().openapi({ example: 'ADU-2026-0007' }) })).get(
    'Track a report with its code',
    PUBLIC,
  ),
  query: z.object({ code: z.string().openapi({ description: 'The tracking code given when the report was filed' }) }),
  ...ok(publicReportResponse, 'Detail Data Report', 429),
  description:
    'A wrong or missing code is the same 404 as an unknown ticket; 20 failed lookups from one address in 15 minutes ' +
    'are a 429. Never cached.',
})

export const action = reportsMethodNotAllowed
