import { mePasswordApi, methodNotAllowed } from '~/doors/accounts/account.server'
import { declare, passwordChangeSchema, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** PUT /api/admin/me/password: a new password; every other session ends. */
export const loader = methodNotAllowed
export const action = declare(mePasswordApi, {
  method: 'put',
  tag: 'Own account',
  summary: 'Change own password',
  description:
    'Error keys `Current_password` (wrong), `Password` (8 to 72 bytes), `Password_confirmation` (differs). ' +
    'Every other token of the user stops working; the one used for this call keeps working.',
  permissions: [],
  body: { json: passwordChangeSchema },
  data: z.unknown(),
})
