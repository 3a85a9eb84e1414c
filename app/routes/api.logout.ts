import type { ActionFunctionArgs } from '@remix-run/node'
import { logout } from '~/auth/login.server'
import { requireUser } from '~/auth/session.server'
import { apiSuccess, handleApi, HttpError } from '~/server/http.server'

/** POST /api/logout: revokes the caller's token. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    const user = await requireUser(request)
    await logout(user.claims)
    return apiSuccess('Logout successful', null)
  })

export const loader = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    throw new HttpError(405, 'Method Not Allowed')
  })
