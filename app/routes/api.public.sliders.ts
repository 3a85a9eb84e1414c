import { methodNotAllowed, publicArrayApi } from '~/doors/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { Slider, declare, z } from '~/openapi/operations.server'

/** GET /api/public/sliders: a plain array. */
export const loader = declare(publicArrayApi('sliders'), {
  method: 'get',
  tag: 'Public',
  summary: 'Every slider, newest first',
  permissions: null,
  etag: true,
  ok: { status: 200, data: z.array(Slider), message: 'List Data Sliders' },
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
