import { publicListApi, publicWriteApi } from '~/doors/site/public-api.server'
import { listQuery } from '~/lib/cache-keys'
import { PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { declare, get, ok, PUBLIC, type Operation } from '~/openapi/declare.server'
import { PUBLIC_LISTS, listParams, paginated } from '~/openapi/operations.server'

/** GET /api/public/{pages, posts, products, aparaturs, photos}: a page of the list. */
export const loader = declare(
  publicListApi,
  PUBLIC_LISTS.map(([name, thing, things, item, search]): Operation => ({
    ...get(`List ${things.toLowerCase()}`, PUBLIC),
    path: `/api/public/${name}`,
    etag: true,
    query: listParams(PUBLIC_PAGE_SIZE),
    ...ok(paginated(item, thing), `List Data ${things}`),
    description: `Search matches ${search}.`,
  })),
)
export const action = publicWriteApi('list')

export const handle = { cacheKey: listQuery() }
