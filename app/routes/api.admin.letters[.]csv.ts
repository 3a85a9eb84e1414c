import { lettersCsvApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { declare, z } from '~/openapi/operations.server'

/** GET /api/admin/letters.csv?year: the register as CSV. */
export const loader = declare(lettersCsvApi, {
  method: 'get',
  tag: 'Letters',
  summary: 'The register of outgoing letters as CSV',
  description: 'Header `Nomor,Tanggal,Jenis Surat,Nama,Penandatangan,Status`; oldest first; no NIK.',
  permissions: ['letters-index'],
  query: z.object({ year: z.string().optional().openapi({ example: '2026' }) }),
  raw: { description: 'CSV', type: 'text/csv', schema: { type: 'string' } },
})
export const action = methodNotAllowed
