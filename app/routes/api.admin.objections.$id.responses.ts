import { respondObjectionApi, methodNotAllowed } from '~/doors/citizen-services/objections.server'
import { declare, post, created, json } from '~/openapi/declare.server'
import { idParam, reportResponseInput } from '~/openapi/operations.server'
import { objectionResponse } from '~/openapi/ppid-operations.server'

/** POST /api/admin/objections/{id}/responses `{message}` (reports-update): staff's answer to an objection. */
export const loader = methodNotAllowed

export const action = declare(respondObjectionApi, {
  ...post('Answer an objection', 'reports-update', json(reportResponseInput)),
  params: idParam('objection'),
  ...created(objectionResponse, 'Response added successfully'),
  description: 'Plain text (key `Message`).',
})
