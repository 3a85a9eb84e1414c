import { fileReportApi, publicReportsApi } from '~/doors/citizen-services/citizen-reports.server'
import { listQuery } from '~/lib/cache-keys'
import { PUBLIC_PAGE_SIZE } from '~/lib/paging'
import {
  declare,
  imageFile,
  listParams,
  paginated,
  withFields,
  reportFileInput,
  filedReportResponse,
} from '~/openapi/operations.server'
import { publicListedReportResponse } from '~/openapi/ppid-operations.server'

/**
 * GET /api/public/reports: the reports staff made public; POST: a citizen files one (docs/api.md "Citizen reports").
 */
export const loader = declare(publicReportsApi, {
  method: 'get',
  tag: 'Public',
  summary: 'The reports staff made public, newest first',
  permissions: null,
  etag: true,
  query: listParams(PUBLIC_PAGE_SIZE).omit({ search: true }),
  ok: { status: 200, data: paginated(publicListedReportResponse, 'PublicListedReport'), message: 'List Data Reports' },
})

export const handle = { cacheKey: listQuery() }

export const action = declare(fileReportApi, {
  method: 'post',
  tag: 'Public',
  summary: 'File a complaint, aspiration or information request',
  description:
    'JSON, or multipart with an optional `image`. Keys on error: `Kind`, `Name`, `Contact` (neither phone nor ' +
    'email, or one invalid), `Subject` (at most 150), `Message` (at most 5,000), `Image`. `website` is a ' +
    'honeypot: filled, the answer looks the same and nothing is stored. One client address may file 5 reports ' +
    'an hour; then every POST is a 429 with `Retry-After`, before validation.',
  permissions: null,
  body: {
    json: reportFileInput,
    multipart: withFields(reportFileInput, { image: imageFile().optional() }),
  },
  ok: { status: 201, data: filedReportResponse, message: 'Report submitted successfully' },
  fails: [429],
})
