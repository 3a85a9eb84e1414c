import { issueRequestApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { at, declare, created } from '~/openapi/declare.server'
import { idParam, Letter } from '~/openapi/operations.server'

/** POST /api/admin/letter-requests/{id}/issue: the letter of a request. */
export const loader = methodNotAllowed

export const action = declare(issueRequestApi, {
  ...at(idParam('letter request')).post("Issue a request's letter", 'letters-create'),
  ...created(Letter, 'Letter issued successfully', 409),
  description:
    "The year's next running number, the PDF, the request `selesai`. 409 when it is issued already or refused; two " +
    'issues of one request at once give one letter and one 409.',
})
