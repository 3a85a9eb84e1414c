import type { ActionFunctionArgs } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import { requireUser } from '~/auth/session.server'
import { apiSuccess, handleApi, HttpError, methodNotAllowed, readJsonObject } from '~/utils/http.server'
import { enableTwoFactor } from '~/models/two-factor.server'

/** POST /api/admin/me/2fa/enable {code} -> {recovery_codes}: 10 single-use codes, answered this once. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    const user = await requireUser(request)
    return apiSuccess(
      'Two-factor login enabled',
      await enableTwoFactor(user.id, await readJsonObject(request), actorOf(request, user)),
    )
  })

export const loader = methodNotAllowed
