import { issueRequestApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { declare, idParam, Letter } from '~/openapi/operations.server'

/** POST /api/admin/letter-requests/{id}/issue: the letter of a request. */
export const loader = methodNotAllowed

export const action = declare(issueRequestApi, {
  method: 'post',
  tag: 'Letters',
  summary: "Issue a request's letter",
  description:
    "The year's next running number, the PDF, the request `selesai`. 409 when it is issued already or refused; " +
    'two issues of one request at once give one letter and one 409.',
  permissions: ['letters-create'],
  params: idParam('letter request'),
  ok: { status: 201, data: Letter, message: 'Letter issued successfully' },
  fails: [404, 409],
})
