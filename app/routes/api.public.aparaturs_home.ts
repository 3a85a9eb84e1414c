import { methodNotAllowed, publicArrayApi } from '~/doors/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { Aparatur, declare, z } from '~/openapi/operations.server'

/** GET /api/public/aparaturs_home: a plain array. */
export const loader = declare(publicArrayApi('aparaturs_home'), {
  method: 'get',
  tag: 'Public',
  summary: 'The 6 newest aparaturs',
  permissions: null,
  etag: true,
  ok: { status: 200, data: z.array(Aparatur), message: 'List Data Aparaturs' },
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
