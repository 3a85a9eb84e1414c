import { data } from '@remix-run/node'
import { jsonWithError } from 'remix-toast'
import { actorOf } from '~/auth/actor.server'
import { recordActivity, type ActivityEntry } from '~/models/accounts/activity.server'
import { HttpError, type FieldErrors } from '~/utils/http.server'
import type { ActivityAction } from '~/lib/activity-actions'

/**
 * What the doors of every domain do around a model call: write the activity line of who did it, and turn a model's
 * refusal into what an admin screen shows (field errors beside their fields, a toast, the 404 screen).
 */

/** One line of the activity log: `user` did `entry` through `request` (its address is the actor's). */
export const noteActivity = (
  request: Request,
  user: { id: number | null; name: string },
  entry: Omit<ActivityEntry, 'actor'>,
) => recordActivity({ actor: actorOf(request, user), ...entry })

/** The activity line of one resource's writes: `(request, user, action, id, summary)`. */
export const activityOf =
  (resource: string) =>
  (
    request: Request,
    user: { id: number | null; name: string },
    action: ActivityAction,
    resourceId: number,
    summary: string,
  ) =>
    noteActivity(request, user, { action, resource, resourceId, summary })

export type ScreenFailure = { errors: FieldErrors | null }

/** A model's refusal as a screen shows it: 422 field errors beside their fields, any other 4xx as a toast (4 s). */
export function screenRefusal(error: unknown) {
  if (error instanceof HttpError && error.status < 500) {
    if (error.errors && error.status === 422) return data<ScreenFailure>({ errors: error.errors }, { status: 422 })
    return jsonWithError<ScreenFailure>({ errors: null }, { message: error.message, duration: 4000 })
  }
  throw error
}

/** What `load` gives, or the 404 screen when the model says the record is not there. */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw new Response(error.message, { status: 404 })
    throw error
  }
}
