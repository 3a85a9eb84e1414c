import type { ActionFunctionArgs } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import { requireUser } from '~/auth/session.server'
import { apiSuccess, handleApi, HttpError, methodNotAllowed, readJsonObject } from '~/utils/http.server'
import { disableTwoFactor } from '~/models/two-factor.server'

/** POST /api/admin/me/2fa/disable {password} */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    const user = await requireUser(request)
    await disableTwoFactor(user.id, await readJsonObject(request), actorOf(request, user))
    return apiSuccess('Two-factor login disabled', null)
  })

export const loader = methodNotAllowed
