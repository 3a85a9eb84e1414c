import { registerCsvApi, methodNotAllowed } from '~/doors/village-info/ppid-pages.server'
import { declare, get, raw } from '~/openapi/declare.server'
import { z } from '~/openapi/operations.server'

/** GET /api/admin/ppid/register.csv?year&type (reports-index): the register as CSV. */
export const loader = declare(registerCsvApi, {
  ...get('The register as CSV', 'reports-index'),
  query: z.object({ year: z.string().optional(), type: z.enum(['permohonan', 'keberatan']).optional() }),
  ...raw('text/csv', 'The register'),
  description:
    'Header `ticket,date,name,contact,subject,decision,answered_at,working_days,on_time`; CRLF, UTF-8, formula cells ' +
    'escaped.',
})

export const action = methodNotAllowed
