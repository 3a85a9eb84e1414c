import { methodNotAllowed, publicNamedListApi } from '~/doors/site/public-api.server'
import { listQuery } from '~/lib/cache-keys'
import { PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { STATISTIC_CATEGORIES } from '~/lib/statistics-table'
import { declare, get, ok, PUBLIC } from '~/openapi/declare.server'
import { Statistic, listParams, paginated, z } from '~/openapi/operations.server'

/** GET /api/public/statistics?page&search&category: the published datasets. */
export const loader = declare(publicNamedListApi('statistics'), {
  ...get('List statistics datasets', PUBLIC),
  query: listParams(PUBLIC_PAGE_SIZE).extend({
    category: z.enum(STATISTIC_CATEGORIES).optional().openapi({ description: 'Only this category.' }),
  }),
  etag: true,
  ...ok(paginated(Statistic, 'Statistic'), 'List Data Statistics'),
  description: 'Newest publish time first. `search` matches the title (not with `category`).',
})
export const action = methodNotAllowed

export const handle = { cacheKey: listQuery('category') }
