import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { jsonWithError } from 'remix-toast'
import { actorOf } from '~/auth/actor.server'
import { recordActivity, type ActivityEntry } from '~/models/accounts/activity.server'
import { handleApi, HttpError, notFound, type FieldErrors } from '~/utils/http.server'
import { parseId } from '~/models/site/crud.server'
import type { ActivityAction } from '~/lib/activity-actions'

/**
 * What the doors of every domain do around a model call: answer an API address by its method, read the id of the
 * address, write the activity line of who did it, and turn a model's refusal into what an admin screen shows (field
 * errors beside their fields, a toast, the 404 screen).
 */

type DoorArgs = LoaderFunctionArgs | ActionFunctionArgs
type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** An API address's door: the handler of the request's method (HEAD as GET), a 405 for any other. */
export const byMethod =
  (handlers: Partial<Record<ApiMethod, (args: DoorArgs) => Promise<Response>>>) =>
  (args: DoorArgs): Promise<Response> =>
    handleApi(args.request, async () => {
      const asked = args.request.method === 'HEAD' ? 'GET' : args.request.method
      const handler = Object.hasOwn(handlers, asked) ? handlers[asked as ApiMethod] : undefined
      if (!handler) throw new HttpError(405, 'Method Not Allowed')
      return handler(args)
    })

/** The address's record id, or the 404 of `thing` (`Layer not found`...). */
export const idOf = (value: string | undefined, thing: string) => {
  const id = parseId(value)
  if (id === null) throw notFound(thing)
  return id
}

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
