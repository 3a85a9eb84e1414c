import { objectionApi, updateObjectionApi } from '~/doors/citizen-services/objections.server'
import { declare, idParam, reportStatus, z } from '~/openapi/operations.server'
import { objectionResponse } from '~/openapi/ppid-operations.server'

/** GET/PUT /api/admin/objections/{id}: one objection; its status. */
export const loader = declare(objectionApi, {
  method: 'get',
  tag: 'Reports',
  summary: "One objection, with the citizen's contact",
  permissions: ['reports-show'],
  params: idParam('objection'),
  ok: { status: 200, data: objectionResponse, message: 'Detail Data Objection' },
  fails: [404],
})

export const action = declare(updateObjectionApi, {
  method: 'put',
  tag: 'Reports',
  summary: "Change an objection's status",
  description: 'Key `Status`. A report id that is not an objection is a 404.',
  permissions: ['reports-update'],
  params: idParam('objection'),
  body: { json: z.object({ status: reportStatus() }) },
  ok: { status: 200, data: objectionResponse, message: 'Objection updated successfully' },
  fails: [404],
})
