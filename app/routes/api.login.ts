import { loginApi, methodNotAllowed } from '~/doors/accounts/sign-in.server'
import { declare, post, ok, json, PUBLIC } from '~/openapi/declare.server'
import { Login, withFields, credentials, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** POST /api/login {username, password} */
export const action = declare(loginApi, {
  ...post(
    'Log in',
    PUBLIC,
    json(
      withFields(credentials, {
        code: z.string().nullable().optional().openapi({
          description:
            'The TOTP code or a recovery code, for a user with two-factor on (ignored otherwise, whatever its type).',
        }),
      }),
    ),
  ),
  ...ok(Login, 'Login successful', 401, 429),
  description:
    'Unknown user or wrong password: 401 `{"Error": "Invalid username or password"}`, alike. With two-factor on: no ' +
    '`code` is 401 `{"Code": "Two-factor code required"}`; a wrong, reused or expired one 401 `{"Code": "Invalid ' +
    'two-factor code"}`. Failures count toward the throttle (429). For a user with two-factor on, a `code` that is ' +
    'not text (a JSON number) is 422 `Code`.',
})
export const loader = methodNotAllowed
