import { trackLetterRequestApi } from '~/doors/citizen-services/letters-api.server'
import { at, declare, jsonOrMultipart, ok, PUBLIC } from '~/openapi/declare.server'
import { letterRequestInput, TrackedLetterRequest, z } from '~/openapi/operations.server'

const ticket = at(z.object({ ticket: z.string().openapi({ example: 'SRT-2026-0012' }) }))
const query = z.object({ code: z.string().openapi({ description: 'The tracking code given when it was filed' }) })

/** /api/public/letter-requests/{ticket}?code=: the request for whoever holds its code; the same 404 otherwise. */
export const loader = declare(trackLetterRequestApi, {
  ...ticket.get('Track a letter request with its code', PUBLIC),
  query,
  ...ok(TrackedLetterRequest, 'Detail Data Letter Request', 429),
  description:
    "A wrong or missing code is an unknown ticket's 404 and counts toward the lookup throttle of reports (20 in 15 " +
    'minutes, then 429). Never cached.',
})

export const action = declare(trackLetterRequestApi, {
  ...ticket.put('Correct a letter request', PUBLIC, jsonOrMultipart(letterRequestInput(false))),
  query,
  ...ok(TrackedLetterRequest, 'Letter request corrected successfully', 409, 429),
  description:
    'In `perlu_perbaikan` only (else 409): the same fields as the request but `letter_type`; back to `diajukan`.',
})
