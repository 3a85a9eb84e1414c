import { objectionApi, updateObjectionApi } from '~/doors/citizen-services/objections.server'
import { declare, get, put, ok, json } from '~/openapi/declare.server'
import { idParam, reportStatus, z } from '~/openapi/operations.server'
import { objectionResponse } from '~/openapi/ppid-operations.server'

/** GET/PUT /api/admin/objections/{id}: one objection; its status. */
export const loader = declare(objectionApi, {
  ...get("One objection, with the citizen's contact", 'reports-show'),
  params: idParam('objection'),
  ...ok(objectionResponse, 'Detail Data Objection'),
})

export const action = declare(updateObjectionApi, {
  ...put("Change an objection's status", 'reports-update'),
  params: idParam('objection'),
  body: json(z.object({ status: reportStatus() })),
  ...ok(objectionResponse, 'Objection updated successfully'),
  description: 'Key `Status`. A report id that is not an objection is a 404.',
})
