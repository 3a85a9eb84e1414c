import { methodNotAllowed, publicArrayLoader } from '~/doors/site/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { Aparatur } from '~/openapi/operations.server'

/** GET /api/public/aparaturs_home: a plain array. */
export const loader = publicArrayLoader('aparaturs_home', Aparatur, { summary: 'The 6 newest aparaturs' })
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
