import { methodNotAllowed, publicNamedListApi } from '~/doors/site/public-api.server'
import { listQuery } from '~/lib/cache-keys'
import { PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { STATISTIC_CATEGORIES } from '~/lib/statistics-table'
import { Statistic, declare, listParams, paginated, z } from '~/openapi/operations.server'

/** GET /api/public/statistics?page&search&category: the published datasets. */
export const loader = declare(publicNamedListApi('statistics'), {
  method: 'get',
  tag: 'Public',
  summary: 'List statistics datasets',
  description: 'Newest publish time first. `search` matches the title (not with `category`).',
  permissions: null,
  etag: true,
  query: listParams(PUBLIC_PAGE_SIZE).extend({
    category: z.enum(STATISTIC_CATEGORIES).optional().openapi({ description: 'Only this category.' }),
  }),
  ok: { status: 200, data: paginated(Statistic, 'Statistic'), message: 'List Data Statistics' },
})
export const action = methodNotAllowed

export const handle = { cacheKey: listQuery('category') }
