import { letterRequestApi } from '~/doors/citizen-services/letters-api.server'
import { declare, idParam, LetterRequest, LetterRequestUpdate } from '~/openapi/operations.server'

/** /api/admin/letter-requests/{id}: a request, with the full NIK, the contact, the data and the attachments. */
export const loader = declare(letterRequestApi, {
  method: 'get',
  tag: 'Letters',
  summary: 'A letter request, everything',
  permissions: ['letters-show'],
  params: idParam('letter request'),
  data: LetterRequest,
  fails: [404],
})

export const action = declare(letterRequestApi, {
  method: 'put',
  tag: 'Letters',
  summary: "Change a request's status",
  description:
    '`note` is required for `perlu_perbaikan` and `ditolak` (key `Note`); `selesai` comes with issuing. A ' +
    'request already issued or refused is a 409.',
  permissions: ['letters-update'],
  params: idParam('letter request'),
  body: { json: LetterRequestUpdate },
  ok: { status: 200, data: LetterRequest, message: 'Letter request updated successfully' },
  fails: [404, 409],
})
