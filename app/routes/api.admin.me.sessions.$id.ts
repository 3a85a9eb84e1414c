import type { ActionFunctionArgs } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import { requireUser } from '~/auth/session.server'
import { apiSuccess, handleApi, HttpError, methodNotAllowed } from '~/utils/http.server'
import { endOwnSession } from '~/models/device-session.server'

/** DELETE /api/admin/me/sessions/{id}: logs one of the caller's devices out (404 for another user's session). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'DELETE') throw new HttpError(405, 'Method Not Allowed')
    const user = await requireUser(request)
    await endOwnSession(user.id, String(params.id ?? ''), actorOf(request, user))
    return apiSuccess('Session ended successfully', null)
  })

export const loader = methodNotAllowed
