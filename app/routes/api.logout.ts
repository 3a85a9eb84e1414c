import type { ActionFunctionArgs } from '@remix-run/node'
import { logout } from '~/auth/login.server'
import { requireUser } from '~/auth/session.server'
import { apiSuccess, handleApi, HttpError, methodNotAllowed } from '~/server/http.server'

/** POST /api/logout: ends the session of the caller's token (only that device). */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    const user = await requireUser(request)
    await logout(user, request)
    return apiSuccess('Logout successful', null)
  })

export const loader = methodNotAllowed
