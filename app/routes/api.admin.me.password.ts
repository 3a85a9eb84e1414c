import { mePasswordApi, methodNotAllowed } from '~/doors/accounts/account.server'
import { declare, put, ok, json, ANY_USER } from '~/openapi/declare.server'
import { passwordChangeSchema, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** PUT /api/admin/me/password: a new password; every other session ends. */
export const loader = methodNotAllowed
export const action = declare(mePasswordApi, {
  ...put('Change own password', ANY_USER, json(passwordChangeSchema)),
  ...ok(z.unknown()),
  description:
    'Error keys `Current_password` (wrong), `Password` (8 to 72 bytes), `Password_confirmation` (differs). Every ' +
    'other token of the user stops working; the one used for this call keeps working.',
})
