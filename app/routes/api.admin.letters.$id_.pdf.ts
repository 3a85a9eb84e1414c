import { letterPdfApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { at, declare, ok } from '~/openapi/declare.server'
import { idParam, z } from '~/openapi/operations.server'

/** GET /api/admin/letters/{id}/pdf: the letter's PDF. */
export const loader = declare(letterPdfApi, {
  ...at(idParam('letter')).get("A letter's PDF", 'letters-show'),
  ...ok(z.null(), 'The PDF (not an envelope)'),
  description: 'The PDF itself (`application/pdf`, a download); 404 when the letter is unknown or its PDF was erased.',
})
export const action = methodNotAllowed
