import { fileLetterRequestApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { declare, FiledLetterRequest, letterRequestInput } from '~/openapi/operations.server'

/** POST /api/public/letter-requests: a villager asks for a letter (docs/api.md "Letters"). */
export const loader = methodNotAllowed

export const action = declare(fileLetterRequestApi, {
  method: 'post',
  tag: 'Public',
  summary: 'Ask for a letter',
  description:
    'Multipart (JSON without attachments). 5 requests an hour per client address, counted apart from reports; ' +
    'then a 429 with `Retry-After`. `website` is a honeypot. The spam guard refuses on `Name` or `Data_<key>`.',
  permissions: null,
  body: { json: letterRequestInput(true), multipart: letterRequestInput(true) },
  ok: { status: 201, data: FiledLetterRequest, message: 'Letter request submitted successfully' },
  fails: [429],
})
