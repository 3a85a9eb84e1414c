import { methodNotAllowed, publicNamedListApi } from '~/doors/public-api.server'
import { listQuery } from '~/lib/cache-keys'

/** GET /api/public/events?page&when: upcoming (the default) or past events. */
export const loader = publicNamedListApi('events')
export const action = methodNotAllowed

export const handle = { cacheKey: listQuery('when') }
