import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import { requireUser } from '~/auth/session.server'
import { apiSuccess, handleApi, HttpError, readJsonObject } from '~/utils/http.server'
import { accountOf, updateOwnProfile } from '~/models/user.server'

/** GET /api/admin/me: the caller's own account (any logged-in user). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => apiSuccess('My Account', accountOf(await requireUser(request))))

/** PUT /api/admin/me {name, email} */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'PUT') throw new HttpError(405, 'Method Not Allowed')
    const user = await requireUser(request)
    const updated = await updateOwnProfile(user.id, await readJsonObject(request), actorOf(request, user))
    return apiSuccess(
      'Account updated successfully',
      accountOf({ ...user, name: updated.name, email: updated.email, updated_at: updated.updated_at }),
    )
  })
