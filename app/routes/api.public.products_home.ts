import { methodNotAllowed, publicArrayApi } from '~/doors/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { Product, declare, z } from '~/openapi/operations.server'

/** GET /api/public/products_home: a plain array. */
export const loader = declare(publicArrayApi('products_home'), {
  method: 'get',
  tag: 'Public',
  summary: 'The 6 newest products',
  permissions: null,
  etag: true,
  ok: { status: 200, data: z.array(Product), message: 'List Data Products' },
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
