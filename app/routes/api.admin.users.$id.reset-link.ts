import type { ActionFunctionArgs } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import { requirePermission } from '~/auth/session.server'
import { apiSuccess, handleApi, HttpError, methodNotAllowed, notFound } from '~/utils/http.server'
import { parseId } from '~/models/crud.server'
import { createResetLink } from '~/models/password-reset.server'
import { siteUrl } from '~/models/site-identity.server'

/** POST /api/admin/users/{id}/reset-link (users-edit) -> {url, expires_at}: a single-use link, valid 60 minutes. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    const user = await requirePermission(request, 'users-edit')
    const id = parseId(params.id)
    if (id === null) throw notFound('User')
    return apiSuccess(
      'Password reset link created',
      await createResetLink(id, siteUrl(request), actorOf(request, user)),
    )
  })

export const loader = methodNotAllowed
