import { meApi, meUpdateApi } from '~/doors/accounts/account.server'
import { Me, declare, ownProfileSchema } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET and PUT /api/admin/me: the caller's own account. */
export const loader = declare(meApi, {
  method: 'get',
  tag: 'Own account',
  summary: 'The logged-in user',
  permissions: [],
  data: Me,
})
export const action = declare(meUpdateApi, {
  method: 'put',
  tag: 'Own account',
  summary: 'Change own name and email',
  description: 'Error keys `Name`, `Email` (valid, unique).',
  permissions: [],
  body: { json: ownProfileSchema },
  data: Me,
})
