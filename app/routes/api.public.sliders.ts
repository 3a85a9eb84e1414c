import { methodNotAllowed, publicArrayApi } from '~/doors/public-api.server'
import { noQuery } from '~/lib/cache-keys'

/** GET /api/public/sliders: a plain array. */
export const loader = publicArrayApi('sliders')
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
