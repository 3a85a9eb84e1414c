import { fileReportApi, publicReportsApi } from '~/doors/citizen-services/citizen-reports.server'
import { listQuery } from '~/lib/cache-keys'
import { PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { declare, get, post, ok, created, jsonOrMultipart, PUBLIC } from '~/openapi/declare.server'
import {
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
  ...get('The reports staff made public, newest first', PUBLIC),
  query: listParams(PUBLIC_PAGE_SIZE).omit({ search: true }),
  etag: true,
  ...ok(paginated(publicListedReportResponse, 'PublicListedReport'), 'List Data Reports'),
})

export const handle = { cacheKey: listQuery() }

export const action = declare(fileReportApi, {
  ...post(
    'File a complaint, aspiration or information request',
    PUBLIC,
    jsonOrMultipart(reportFileInput, withFields(reportFileInput, { image: imageFile().optional() })),
  ),
  ...created(filedReportResponse, 'Report submitted successfully', 429),
  description:
    'JSON, or multipart with an optional `image`. Keys on error: `Kind`, `Name`, `Contact` (neither phone nor email, ' +
    'or one invalid), `Subject` (at most 150), `Message` (at most 5,000), `Image`. `website` is a honeypot: filled, ' +
    'the answer looks the same and nothing is stored. One client address may file 5 reports an hour; then every POST ' +
    'is a 429 with `Retry-After`, before validation.',
})
