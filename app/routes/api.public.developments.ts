import { methodNotAllowed, publicNamedListApi } from '~/doors/site/public-api.server'
import { listQuery } from '~/lib/cache-keys'
import { STAGES } from '~/lib/pembangunan'
import { PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { declare, get, ok, PUBLIC } from '~/openapi/declare.server'
import { Development, listParams, paginated, z } from '~/openapi/operations.server'

/** GET /api/public/developments?page&search&year&stage: the published development projects. */
export const loader = declare(publicNamedListApi('developments'), {
  ...get('List development projects', PUBLIC),
  query: listParams(PUBLIC_PAGE_SIZE).extend({
    year: z.string().optional().openapi({ description: 'Only the projects of this year (four digits).' }),
    stage: z.enum(STAGES).optional().openapi({ description: 'Only the projects at this stage.' }),
  }),
  etag: true,
  ...ok(paginated(Development, 'Development'), 'List Data Developments'),
  description: 'Search matches the title. Newest publish time first.',
})
export const action = methodNotAllowed

export const handle = { cacheKey: listQuery('year', 'stage') }
