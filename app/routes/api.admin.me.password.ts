import type { ActionFunctionArgs } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import { requireUser } from '~/auth/session.server'
import { apiSuccess, handleApi, HttpError, methodNotAllowed, readJsonObject } from '~/utils/http.server'
import { changeOwnPassword } from '~/models/user.server'

/** PUT /api/admin/me/password {current_password, password, password_confirmation}: every other session ends. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'PUT') throw new HttpError(405, 'Method Not Allowed')
    const user = await requireUser(request)
    await changeOwnPassword(user.id, user.claims.jti, await readJsonObject(request), actorOf(request, user))
    return apiSuccess('Password changed successfully', null)
  })

export const loader = methodNotAllowed
