import { revokeLetterApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { declare, idParam, Letter, LetterRevoke } from '~/openapi/operations.server'

/** POST /api/admin/letters/{id}/revoke `{reason}`. */
export const loader = methodNotAllowed

export const action = declare(revokeLetterApi, {
  method: 'post',
  tag: 'Letters',
  summary: 'Revoke a letter',
  description: 'Key `Reason`. The letter keeps its number; its verification says `dicabut`.',
  permissions: ['letters-update'],
  params: idParam('letter'),
  body: { json: LetterRevoke },
  ok: { status: 200, data: Letter, message: 'Letter revoked successfully' },
  fails: [404, 409],
})
