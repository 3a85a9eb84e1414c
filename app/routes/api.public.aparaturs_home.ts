import { methodNotAllowed, publicArrayApi } from '~/doors/public-api.server'
import { noQuery } from '~/lib/cache-keys'

/** GET /api/public/aparaturs_home: a plain array. */
export const loader = publicArrayApi('aparaturs_home')
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
