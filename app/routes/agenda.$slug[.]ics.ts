import { noQuery } from '~/lib/cache-keys'

export { eventCalendarLoader as loader } from '~/doors/content/events.server'

export const handle = { cacheKey: noQuery }
