import { methodNotAllowed, publicArrayApi } from '~/doors/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { Post, declare, z } from '~/openapi/operations.server'

/** GET /api/public/posts_home: a plain array. */
export const loader = declare(publicArrayApi('posts_home'), {
  method: 'get',
  tag: 'Public',
  summary: 'The 6 newest posts',
  permissions: null,
  etag: true,
  ok: { status: 200, data: z.array(Post), message: 'List Data Posts' },
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
