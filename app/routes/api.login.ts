import type { ActionFunctionArgs } from '@remix-run/node'
import { login } from '~/auth/login.server'
import { apiSuccess, handleApi, HttpError, readJsonObject } from '~/utils/http.server'

/** POST /api/login {username, password} */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    const session = await login(await readJsonObject(request), request)
    return apiSuccess('Login successful', session)
  })

export const loader = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    throw new HttpError(405, 'Method Not Allowed')
  })
