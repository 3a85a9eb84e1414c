import { methodNotAllowed, publicNamedListApi } from '~/doors/site/public-api.server'
import { listQuery } from '~/lib/cache-keys'
import { STAGES } from '~/lib/pembangunan'
import { PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { Development, declare, listParams, paginated, z } from '~/openapi/operations.server'

/** GET /api/public/developments?page&search&year&stage: the published development projects. */
export const loader = declare(publicNamedListApi('developments'), {
  method: 'get',
  tag: 'Public',
  summary: 'List development projects',
  description: 'Search matches the title. Newest publish time first.',
  permissions: null,
  etag: true,
  query: listParams(PUBLIC_PAGE_SIZE).extend({
    year: z.string().optional().openapi({ description: 'Only the projects of this year (four digits).' }),
    stage: z.enum(STAGES).optional().openapi({ description: 'Only the projects at this stage.' }),
  }),
  ok: { status: 200, data: paginated(Development, 'Development'), message: 'List Data Developments' },
})
export const action = methodNotAllowed

export const handle = { cacheKey: listQuery('year', 'stage') }
