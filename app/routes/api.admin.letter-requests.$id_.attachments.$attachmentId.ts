import { attachmentApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { declare, get, ok } from '~/openapi/declare.server'
import { idParam, z } from '~/openapi/operations.server'

/** GET /api/admin/letter-requests/{id}/attachments/{attachment_id}: a file the villager attached. */
export const loader = declare(attachmentApi, {
  ...get('An attachment of a letter request', 'letters-show'),
  path: '/api/admin/letter-requests/{id}/attachments/{attachment_id}',
  params: idParam('letter request').extend({ attachment_id: z.string() }),
  ...ok(z.null(), 'The file (not an envelope)'),
  description: 'The file itself (a picture or a PDF), as a download; not an envelope.',
})
export const action = methodNotAllowed
