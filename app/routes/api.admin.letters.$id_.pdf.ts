import { letterPdfApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { declare, idParam, z } from '~/openapi/operations.server'

/** GET /api/admin/letters/{id}/pdf: the letter's PDF. */
export const loader = declare(letterPdfApi, {
  method: 'get',
  tag: 'Letters',
  summary: "A letter's PDF",
  permissions: ['letters-show'],
  params: idParam('letter'),
  description: 'The PDF itself (`application/pdf`, a download); 404 when the letter is unknown or its PDF was erased.',
  ok: { status: 200, data: z.null(), message: 'The PDF (not an envelope)' },
  fails: [404],
})
export const action = methodNotAllowed
