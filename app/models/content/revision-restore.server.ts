import type { Actor } from '~/models/accounts/activity.server'
import { writeResource, type AdminResource } from '~/models/site/resources.server'
import { getRevision, restoreInput } from './revision.server'
import type { SessionUser } from '~/models/accounts/user.server'

/**
 * Brings the record `id` back to its revision `rev`: an update like any other (the model's validation and sanitiser,
 * the spam guard, a new revision of the state it replaces), logged as `restore`. The status, the publish time and the
 * files stay as they are now. 404 for a revision of another record; a revision that no longer passes (its category
 * deleted) is the update's 422, and nothing changes.
 */
export async function restoreRevision(
  resource: AdminResource,
  id: number,
  rev: string | undefined,
  user: SessionUser,
  actor: Actor,
) {
  const revision = await getRevision(resource, id, rev)
  return writeResource(resource, user, actor, {
    action: 'update',
    id,
    input: restoreInput(resource, revision.fields),
    restore: true,
  })
}
