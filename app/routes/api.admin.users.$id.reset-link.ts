import { methodNotAllowed, resetLinkApi } from '~/doors/site/admin-api.server'
import { at, declare, ok } from '~/openapi/declare.server'
import { dateTime, idParam, z } from '~/openapi/operations.server'

/** POST /api/admin/users/{id}/reset-link: a single-use password reset link. */
export const action = declare(resetLinkApi, {
  ...at(idParam('user')).post('A password reset link for a user', 'users-edit'),
  ...ok(z.object({ url: z.string(), expires_at: dateTime() })),
  description: 'Single use, valid 60 minutes.',
})
export const loader = methodNotAllowed
