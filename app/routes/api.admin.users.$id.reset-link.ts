import { methodNotAllowed, resetLinkApi } from '~/doors/site/admin-api.server'
import { dateTime, declare, idParam, z } from '~/openapi/operations.server'

/** POST /api/admin/users/{id}/reset-link: a single-use password reset link. */
export const action = declare(resetLinkApi, {
  method: 'post',
  tag: 'Users',
  summary: 'A password reset link for a user',
  description: 'Single use, valid 60 minutes.',
  permissions: ['users-edit'],
  params: idParam('user'),
  data: z.object({ url: z.string(), expires_at: dateTime() }),
  fails: [404],
})
export const loader = methodNotAllowed
