import type { ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/session.server'
import { apiSuccess, handleApi, HttpError, methodNotAllowed } from '~/utils/http.server'
import { beginTwoFactorSetup } from '~/models/two-factor.server'

/** POST /api/admin/me/2fa/setup -> {secret, otpauth_url}: not active until enabled with a code. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    const user = await requireUser(request)
    return apiSuccess('Two-factor setup started', await beginTwoFactorSetup(user.id))
  })

export const loader = methodNotAllowed
