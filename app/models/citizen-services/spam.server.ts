import { errorKey } from '~/lib/error-keys'
import { gamblingSpamInFields, spamMessage } from '#core/spam-guard.js'
import { getEnv } from '~/utils/config.server'
import { validationError } from '~/utils/http.server'
import { log } from '~/utils/error-log.server'
import { recordActivity, type Actor } from '~/models/accounts/activity.server'

/** The site's own host: links to it are never bulk links to an outside domain. */
function ownHosts(): string[] {
  const url = getEnv().SITE_URL
  return url ? [new URL(url).hostname] : []
}

/**
 * The online-gambling spam guard of every write of public text (docs/decisions/029-gambling-spam-guard.md), called
 * before anything is stored (no record, no upload). A field that promotes online gambling refuses the write with a
 * 422 under its own key naming the phrase found, a `spam_blocked` entry in the activity log (who, which resource,
 * which field and phrase) and a warning in the server's log.
 */
export async function refuseGamblingSpam(
  actor: Actor,
  target: { resource: string; id?: number },
  fields: Record<string, unknown>,
): Promise<void> {
  const found = gamblingSpamInFields(fields, { ownHosts: ownHosts() })
  if (!found.length) return
  const summary = found.map(({ field, phrase }) => `${errorKey(field)}: "${phrase}"`).join(', ')
  log.warn(
    { event: 'spam_blocked', resource: target.resource, id: target.id, user_id: actor.id, ip: actor.ip, found },
    `gambling spam refused (${target.resource} ${summary})`,
  )
  await recordActivity({
    actor,
    action: 'spam_blocked',
    resource: target.resource,
    resourceId: target.id ?? null,
    summary,
  })
  throw validationError(Object.fromEntries(found.map(({ field, phrase }) => [errorKey(field), spamMessage(phrase)])))
}
