import { trackObjectionApi, methodNotAllowed } from '~/doors/citizen-services/objections.server'
import { declare, z } from '~/openapi/operations.server'
import { publicObjectionResponse } from '~/openapi/ppid-operations.server'

/** GET /api/public/objections/{ticket}?code=: the objection for whoever holds its tracking code. */
export const loader = declare(trackObjectionApi, {
  method: 'get',
  tag: 'Public',
  summary: 'Track an objection with its code',
  description: 'A wrong or missing code is the same 404 as an unknown ticket. Never cached.',
  permissions: null,
  params: z.object({ ticket: z.string().openapi({ example: 'KBR-2026-0001' }) }),
  query: z.object({ code: z.string() }),
  ok: { status: 200, data: publicObjectionResponse, message: 'Detail Data Objection' },
  fails: [404, 429],
})

export const action = methodNotAllowed
