import { lettersCsvApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { declare, get, raw } from '~/openapi/declare.server'
import { z } from '~/openapi/operations.server'

/** GET /api/admin/letters.csv?year: the register as CSV. */
export const loader = declare(lettersCsvApi, {
  ...get('The register of outgoing letters as CSV', 'letters-index'),
  query: z.object({ year: z.string().optional().openapi({ example: '2026' }) }),
  ...raw('text/csv', 'CSV'),
  description: 'Header `Nomor,Tanggal,Jenis Surat,Nama,Penandatangan,Status`; oldest first; no NIK.',
})
export const action = methodNotAllowed
