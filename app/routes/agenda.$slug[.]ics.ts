import { noQuery } from '~/lib/cache-keys'

export { eventCalendarLoader as loader } from '~/doors/events.server'

export const handle = { cacheKey: noQuery }
