import type { ActionFunctionArgs } from '@remix-run/node'
import { clientAddress } from '~/auth/throttle.server'
import { apiSuccess, handleApi, HttpError, methodNotAllowed, readJsonObject } from '~/utils/http.server'
import { resetPassword } from '~/models/password-reset.server'

/** POST /api/password-reset {token, password, password_confirmation} (no authentication). */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    await resetPassword(await readJsonObject(request), clientAddress(request))
    return apiSuccess('Password has been reset', null)
  })

export const loader = methodNotAllowed
