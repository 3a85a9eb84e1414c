import { methodNotAllowed, publicArrayApi } from '~/doors/public-api.server'
import { noQuery } from '~/lib/cache-keys'

/** GET /api/public/products_home: a plain array. */
export const loader = publicArrayApi('products_home')
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
