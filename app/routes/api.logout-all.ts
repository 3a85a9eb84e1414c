import type { ActionFunctionArgs } from '@remix-run/node'
import { logoutEverywhere } from '~/auth/login.server'
import { requireUser } from '~/auth/session.server'
import { apiSuccess, handleApi, HttpError, methodNotAllowed } from '~/server/http.server'

/** POST /api/logout-all: ends every session of the caller, this one included. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    const user = await requireUser(request)
    await logoutEverywhere(user, request)
    return apiSuccess('Logged out on every device', null)
  })

export const loader = methodNotAllowed
