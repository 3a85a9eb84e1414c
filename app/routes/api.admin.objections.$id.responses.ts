import { respondObjectionApi, methodNotAllowed } from '~/doors/citizen-services/objections.server'
import { at, declare, json, created } from '~/openapi/declare.server'
import { idParam, reportResponseInput } from '~/openapi/operations.server'
import { objectionResponse } from '~/openapi/ppid-operations.server'

/** POST /api/admin/objections/{id}/responses `{message}` (reports-update): staff's answer to an objection. */
export const loader = methodNotAllowed

export const action = declare(respondObjectionApi, {
  ...at(idParam('objection')).post('Answer an objection', 'reports-update', json(reportResponseInput)),
  ...created(objectionResponse, 'Response added successfully'),
  description: 'Plain text (key `Message`).',
})
