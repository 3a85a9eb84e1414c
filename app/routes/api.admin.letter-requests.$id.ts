import { letterRequestApi } from '~/doors/citizen-services/letters-api.server'
import { declare, at, ok, json } from '~/openapi/declare.server'
import { idParam, LetterRequest, LetterRequestUpdate } from '~/openapi/operations.server'

const letterRequest = at(idParam('letter request'))

/** /api/admin/letter-requests/{id}: a request, with the full NIK, the contact, the data and the attachments. */
export const loader = declare(letterRequestApi, {
  ...letterRequest.get('A letter request, everything', 'letters-show'),
  ...ok(LetterRequest),
})

export const action = declare(letterRequestApi, {
  ...letterRequest.put("Change a request's status", 'letters-update', json(LetterRequestUpdate)),
  ...ok(LetterRequest, 'Letter request updated successfully', 409),
  description:
    '`note` is required for `perlu_perbaikan` and `ditolak` (key `Note`); `selesai` comes with issuing. A request ' +
    'already issued or refused is a 409.',
})
