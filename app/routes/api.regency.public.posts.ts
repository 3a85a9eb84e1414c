import { regencyNewsApi } from '~/doors/regency/regency-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { declare, get, ok, PUBLIC } from '~/openapi/declare.server'
import { listParams, paginated, postResponse, z } from '~/openapi/operations.server'
import { PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { listQuery } from '~/lib/cache-keys'

export const handle = { cacheKey: listQuery(), regency: true }

/** GET /api/regency/public/posts: the news of every active village together, at the regency host. */
export const loader = declare(regencyNewsApi, {
  ...get('The news of every active village together (the portal)', PUBLIC),
  query: listParams(PUBLIC_PAGE_SIZE),
  ...ok(
    paginated(
      postResponse
        .extend({
          village: z.object({ slug: z.string(), name: z.string(), url: z.string() }),
          url: z.string().openapi({ description: "The post's address on its village's host" }),
        })
        .openapi('RegencyPost'),
      'RegencyPost',
    ),
  ),
  description:
    'Newest first, 9 a page; `search` as on a village. Each post as `GET /api/public/posts` gives it, with its ' +
    "village and `url`, its absolute address on the village's own host.",
})
export const action = methodNotAllowed
