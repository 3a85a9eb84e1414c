import { letterPdfApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/admin-api.server'
import { declare, idParam } from '~/openapi/operations.server'

/** GET /api/admin/letters/{id}/pdf: the letter's PDF. */
export const loader = declare(letterPdfApi, {
  method: 'get',
  tag: 'Letters',
  summary: "A letter's PDF",
  permissions: ['letters-show'],
  params: idParam('letter'),
  raw: { description: 'The PDF', type: 'application/pdf', schema: { type: 'string', format: 'binary' } },
  fails: [404],
})
export const action = methodNotAllowed
