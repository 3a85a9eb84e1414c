import { trackLetterRequestApi } from '~/doors/citizen-services/letters-api.server'
import { declare } from '~/openapi/declare.server'
import { letterRequestInput, TrackedLetterRequest, z } from '~/openapi/operations.server'

const params = z.object({ ticket: z.string().openapi({ example: 'SRT-2026-0012' }) })
const query = z.object({ code: z.string().openapi({ description: 'The tracking code given when it was filed' }) })

/** /api/public/letter-requests/{ticket}?code=: the request for whoever holds its code; the same 404 otherwise. */
export const loader = declare(trackLetterRequestApi, {
  method: 'get',
  tag: 'Public',
  summary: 'Track a letter request with its code',
  description:
    "A wrong or missing code is an unknown ticket's 404 and counts toward the lookup throttle of reports (20 in 15 " +
    'minutes, then 429). Never cached.',
  permissions: null,
  params,
  query,
  ok: { status: 200, data: TrackedLetterRequest, message: 'Detail Data Letter Request' },
  fails: [404, 429],
})

export const action = declare(trackLetterRequestApi, {
  method: 'put',
  tag: 'Public',
  summary: 'Correct a letter request',
  description:
    'In `perlu_perbaikan` only (else 409): the same fields as the request but `letter_type`; back to `diajukan`.',
  permissions: null,
  params,
  query,
  body: { json: letterRequestInput(false), multipart: letterRequestInput(false) },
  ok: { status: 200, data: TrackedLetterRequest, message: 'Letter request corrected successfully' },
  fails: [404, 409, 429],
})
