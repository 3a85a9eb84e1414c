import { respondObjectionApi, methodNotAllowed } from '~/doors/citizen-services/objections.server'
import { declare, idParam, reportResponseInput } from '~/openapi/operations.server'
import { objectionResponse } from '~/openapi/ppid-operations.server'

/** POST /api/admin/objections/{id}/responses `{message}` (reports-update): staff's answer to an objection. */
export const loader = methodNotAllowed

export const action = declare(respondObjectionApi, {
  method: 'post',
  tag: 'Reports',
  summary: 'Answer an objection',
  description: 'Plain text (key `Message`).',
  permissions: ['reports-update'],
  params: idParam('objection'),
  body: { json: reportResponseInput },
  ok: { status: 201, data: objectionResponse, message: 'Response added successfully' },
  fails: [404],
})
