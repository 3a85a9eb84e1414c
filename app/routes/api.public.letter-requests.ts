import { fileLetterRequestApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { declare, post, created, jsonOrMultipart, PUBLIC } from '~/openapi/declare.server'
import { FiledLetterRequest, letterRequestInput } from '~/openapi/operations.server'

/** POST /api/public/letter-requests: a villager asks for a letter (docs/api.md "Letters"). */
export const loader = methodNotAllowed

export const action = declare(fileLetterRequestApi, {
  ...post('Ask for a letter', PUBLIC, jsonOrMultipart(letterRequestInput(true))),
  ...created(FiledLetterRequest, 'Letter request submitted successfully', 429),
  description:
    'Multipart (JSON without attachments). 5 requests an hour per client address, counted apart from reports; then a ' +
    '429 with `Retry-After`. `website` is a honeypot. The spam guard refuses on `Name` or `Data_<key>`.',
})
