import { methodNotAllowed, publicNamedListApi } from '~/doors/public-api.server'
import { listQuery } from '~/lib/cache-keys'

/** GET /api/public/documents?page&search&kind&information_class&year: the public documents. */
export const loader = publicNamedListApi('documents')
export const action = methodNotAllowed

export const handle = { cacheKey: listQuery('kind', 'information_class', 'year') }
