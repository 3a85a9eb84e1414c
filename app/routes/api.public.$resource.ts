import { publicListApi, publicWriteApi } from '~/doors/public-api.server'
import { listQuery } from '~/lib/cache-keys'

/** GET /api/public/{pages, posts, products, aparaturs, photos}: a page of the list. */
export const loader = publicListApi
export const action = publicWriteApi('list')

export const handle = { cacheKey: listQuery() }
