import type { ActionFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import { requirePermission } from '~/auth/session.server'
import { routeId } from '~/doors/admin.server'
import { HttpError } from '~/server/http.server'
import { createResetLink } from '~/models/password-reset.server'
import { siteUrl } from '~/models/site.server'

type ResetLinkAnswer = { link: { url: string; expires_at: Date } | null; error: string | null }

/** The user edit screen's "Buat Tautan Reset Password" (users-edit): a one-time link, shown once. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, 'users-edit')
  try {
    const link = await createResetLink(routeId(params.id), siteUrl(request), actorOf(request, user))
    return data<ResetLinkAnswer>({ link, error: null })
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return data<ResetLinkAnswer>({ link: null, error: error.message }, { status: error.status })
    throw error
  }
}
