import { registerCsvApi, methodNotAllowed } from '~/doors/village-info/ppid-pages.server'
import { declare, z } from '~/openapi/operations.server'

/** GET /api/admin/ppid/register.csv?year&type (reports-index): the register as CSV. */
export const loader = declare(registerCsvApi, {
  method: 'get',
  tag: 'Reports',
  summary: 'The register as CSV',
  description:
    'Header `ticket,date,name,contact,subject,decision,answered_at,working_days,on_time`; CRLF, UTF-8, formula ' +
    'cells escaped.',
  permissions: ['reports-index'],
  query: z.object({ year: z.string().optional(), type: z.enum(['permohonan', 'keberatan']).optional() }),
  raw: { description: 'The register', type: 'text/csv', schema: { type: 'string' } },
})

export const action = methodNotAllowed
