import { attachmentApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { declare, idParam, z } from '~/openapi/operations.server'

/** GET /api/admin/letter-requests/{id}/attachments/{attachment_id}: a file the villager attached. */
export const loader = declare(attachmentApi, {
  method: 'get',
  path: '/api/admin/letter-requests/{id}/attachments/{attachment_id}',
  tag: 'Letters',
  summary: 'An attachment of a letter request',
  description: 'The file itself (a picture or a PDF), as a download; not an envelope.',
  permissions: ['letters-show'],
  params: idParam('letter request').extend({ attachment_id: z.string() }),
  ok: { status: 200, data: z.null(), message: 'The file (not an envelope)' },
  fails: [404],
})
export const action = methodNotAllowed
