import { publicListApi, publicWriteApi } from '~/doors/site/public-api.server'
import { listQuery } from '~/lib/cache-keys'
import { PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { declare, type Operation } from '~/openapi/declare.server'
import { PUBLIC_LISTS, listParams, paginated } from '~/openapi/operations.server'

/** GET /api/public/{pages, posts, products, aparaturs, photos}: a page of the list. */
export const loader = declare(
  publicListApi,
  PUBLIC_LISTS.map(([name, thing, things, item, search]): Operation => ({
    method: 'get',
    path: `/api/public/${name}`,
    tag: 'Public',
    summary: `List ${things.toLowerCase()}`,
    description: `Search matches ${search}.`,
    permissions: null,
    etag: true,
    query: listParams(PUBLIC_PAGE_SIZE),
    ok: { status: 200, data: paginated(item, thing), message: `List Data ${things}` },
  })),
)
export const action = publicWriteApi('list')

export const handle = { cacheKey: listQuery() }
