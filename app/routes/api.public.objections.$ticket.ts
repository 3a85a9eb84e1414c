import { trackObjectionApi, methodNotAllowed } from '~/doors/citizen-services/objections.server'
import { at, declare, PUBLIC, ok } from '~/openapi/declare.server'
import { z } from '~/openapi/operations.server'
import { publicObjectionResponse } from '~/openapi/ppid-operations.server'

/** GET /api/public/objections/{ticket}?code=: the objection for whoever holds its tracking code. */
export const loader = declare(trackObjectionApi, {
  ...at(z.object({ ticket: z.string().openapi({ example: 'KBR-2026-0001' }) })).get(
    'Track an objection with its code',
    PUBLIC,
  ),
  query: z.object({ code: z.string() }),
  ...ok(publicObjectionResponse, 'Detail Data Objection', 429),
  description: 'A wrong or missing code is the same 404 as an unknown ticket. Never cached.',
})

export const action = methodNotAllowed
