import { methodNotAllowed, publicNamedListApi } from '~/doors/public-api.server'
import { listQuery } from '~/lib/cache-keys'

/** GET /api/public/statistics?page&search&category: the published datasets. */
export const loader = publicNamedListApi('statistics')
export const action = methodNotAllowed

export const handle = { cacheKey: listQuery('category') }
