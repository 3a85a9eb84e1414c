import { methodNotAllowed, publicArrayLoader } from '~/doors/site/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { Post } from '~/openapi/operations.server'

/** GET /api/public/posts_home: a plain array. */
export const loader = publicArrayLoader('posts_home', Post, { summary: 'The 6 newest posts' })
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
