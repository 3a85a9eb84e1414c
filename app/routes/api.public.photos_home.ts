import { methodNotAllowed, publicArrayApi } from '~/doors/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { Photo, declare, z } from '~/openapi/operations.server'

/** GET /api/public/photos_home: a plain array. */
export const loader = declare(publicArrayApi('photos_home'), {
  method: 'get',
  tag: 'Public',
  summary: 'The 6 newest photos',
  permissions: null,
  etag: true,
  ok: { status: 200, data: z.array(Photo), message: 'List Data Photos' },
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
