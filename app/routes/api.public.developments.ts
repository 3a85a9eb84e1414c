import { methodNotAllowed, publicNamedListApi } from '~/doors/public-api.server'
import { listQuery } from '~/lib/cache-keys'

/** GET /api/public/developments?page&search&year&stage: the published development projects. */
export const loader = publicNamedListApi('developments')
export const action = methodNotAllowed

export const handle = { cacheKey: listQuery('year', 'stage') }
