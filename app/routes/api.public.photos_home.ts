import { methodNotAllowed, publicArrayLoader } from '~/doors/site/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { Photo } from '~/openapi/operations.server'

/** GET /api/public/photos_home: a plain array. */
export const loader = publicArrayLoader('photos_home', Photo, { summary: 'The 6 newest photos' })
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
