import { methodNotAllowed, publicArrayLoader } from '~/doors/site/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { Slider } from '~/openapi/operations.server'

/** GET /api/public/sliders: a plain array. */
export const loader = publicArrayLoader('sliders', Slider, { summary: 'Every slider, newest first' })
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
