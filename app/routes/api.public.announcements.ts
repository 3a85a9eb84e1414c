import { methodNotAllowed, publicArrayApi } from '~/doors/public-api.server'
import { noQuery } from '~/lib/cache-keys'

/** GET /api/public/announcements: the announcements showing now (a plain array). */
export const loader = publicArrayApi('announcements')
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
