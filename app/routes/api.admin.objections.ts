import { objectionsApi, methodNotAllowed } from '~/doors/citizen-services/objections.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { declare, listParams, paginated, reportStatus } from '~/openapi/operations.server'
import { objectionResponse } from '~/openapi/ppid-operations.server'

/** GET /api/admin/objections?page&status (reports-index): the objections, newest first. */
export const loader = declare(objectionsApi, {
  method: 'get',
  tag: 'Reports',
  summary: 'Objections (keberatan), newest first',
  permissions: ['reports-index'],
  query: listParams(ADMIN_PAGE_SIZE).extend({ status: reportStatus().optional() }),
  ok: { status: 200, data: paginated(objectionResponse, 'Objection'), message: 'List Data Objections' },
})

export const action = methodNotAllowed
