import { fileObjectionApi, methodNotAllowed } from '~/doors/citizen-services/objections.server'
import { declare, post, created, json, PUBLIC } from '~/openapi/declare.server'
import { filedObjectionResponse, objectionFileInput } from '~/openapi/ppid-operations.server'

/** POST /api/public/objections: a citizen's objection (keberatan, UU 14/2008 Pasal 35). */
export const loader = methodNotAllowed

export const action = declare(fileObjectionApi, {
  ...post('File an objection (keberatan) about an information request', PUBLIC, json(objectionFileInput)),
  ...created(filedObjectionResponse, 'Objection submitted successfully', 429),
  description:
    '`reason` one of the seven grounds of Pasal 35 ayat 1; `request_ticket`, when given, a `PPID-` ticket of this ' +
    'village (key `Request_ticket`). Keys `Name`, `Contact`, `Reason`, `Message`. Throttled with the reports (5 ' +
    'filings an hour per address, then 429 with `Retry-After`); `website` is a honeypot.',
})
