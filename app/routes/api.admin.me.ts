import { meApi, meUpdateApi } from '~/doors/accounts/account.server'
import { declare, get, put, ok, json, ANY_USER } from '~/openapi/declare.server'
import { Me, ownProfileSchema } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET and PUT /api/admin/me: the caller's own account. */
export const loader = declare(meApi, { ...get('The logged-in user', ANY_USER), ...ok(Me) })
export const action = declare(meUpdateApi, {
  ...put('Change own name and email', ANY_USER, json(ownProfileSchema)),
  ...ok(Me),
  description: 'Error keys `Name`, `Email` (valid, unique).',
})
