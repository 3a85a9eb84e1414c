import { revokeLetterApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { at, declare, json, ok } from '~/openapi/declare.server'
import { idParam, Letter, LetterRevoke } from '~/openapi/operations.server'

/** POST /api/admin/letters/{id}/revoke `{reason}`. */
export const loader = methodNotAllowed

export const action = declare(revokeLetterApi, {
  ...at(idParam('letter')).post('Revoke a letter', 'letters-update', json(LetterRevoke)),
  ...ok(Letter, 'Letter revoked successfully', 409),
  description: 'Key `Reason`. The letter keeps its number; its verification says `dicabut`.',
})
