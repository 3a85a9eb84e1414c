import { objectionsApi, methodNotAllowed } from '~/doors/citizen-services/objections.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { declare, get, ok } from '~/openapi/declare.server'
import { listParams, paginated, reportStatus } from '~/openapi/operations.server'
import { objectionResponse } from '~/openapi/ppid-operations.server'

/** GET /api/admin/objections?page&status (reports-index): the objections, newest first. */
export const loader = declare(objectionsApi, {
  ...get('Objections (keberatan), newest first', 'reports-index'),
  query: listParams(ADMIN_PAGE_SIZE).extend({ status: reportStatus().optional() }),
  ...ok(paginated(objectionResponse, 'Objection'), 'List Data Objections'),
})

export const action = methodNotAllowed
