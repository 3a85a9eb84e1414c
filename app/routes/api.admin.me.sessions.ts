import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/session.server'
import { apiSuccess, handleApi, methodNotAllowed } from '~/utils/http.server'
import { listSessions } from '~/models/device-session.server'

/** GET /api/admin/me/sessions: the caller's logged-in devices, newest first, `current` marking this one. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const user = await requireUser(request)
    return apiSuccess('List Data Sessions', await listSessions(user.id, user.claims.jti))
  })

export const action = methodNotAllowed
