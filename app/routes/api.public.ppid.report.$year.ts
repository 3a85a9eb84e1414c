import { annualReportApi, methodNotAllowed } from '~/doors/village-info/ppid-pages.server'
import { noQuery } from '~/lib/cache-keys'
import { at, declare, PUBLIC, ok } from '~/openapi/declare.server'
import { z } from '~/openapi/operations.server'
import { annualReportResponse } from '~/openapi/ppid-operations.server'

/** GET /api/public/ppid/report/{year}: the PPID's annual report. */
export const loader = declare(annualReportApi, {
  ...at(z.object({ year: z.string().openapi({ example: '2026' }) })).get("The PPID's annual report of a year", PUBLIC),
  etag: true,
  ...ok(annualReportResponse, 'Laporan Layanan Informasi Publik'),
  description:
    'Computed from the records: requests and objections filed that year; days are working days (Monday to Friday) ' +
    'from the filing to the first decision or response. A year before 2000 or after this one is a 404.',
})

export const handle = { cacheKey: noQuery }

export const action = methodNotAllowed
