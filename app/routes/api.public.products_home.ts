import { methodNotAllowed, publicArrayLoader } from '~/doors/site/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { Product } from '~/openapi/operations.server'

/** GET /api/public/products_home: a plain array. */
export const loader = publicArrayLoader('products_home', Product, { summary: 'The 6 newest products' })
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
