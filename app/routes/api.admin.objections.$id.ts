import { objectionApi, updateObjectionApi } from '~/doors/citizen-services/objections.server'
import { declare, at, ok, json } from '~/openapi/declare.server'
import { idParam, reportStatus, z } from '~/openapi/operations.server'
import { objectionResponse } from '~/openapi/ppid-operations.server'

const objection = at(idParam('objection'))

/** GET/PUT /api/admin/objections/{id}: one objection; its status. */
export const loader = declare(objectionApi, {
  ...objection.get("One objection, with the citizen's contact", 'reports-show'),
  ...ok(objectionResponse, 'Detail Data Objection'),
})

export const action = declare(updateObjectionApi, {
  ...objection.put("Change an objection's status", 'reports-update', json(z.object({ status: reportStatus() }))),
  ...ok(objectionResponse, 'Objection updated successfully'),
  description: 'Key `Status`. A report id that is not an objection is a 404.',
})
