import { methodNotAllowed, publicArrayApi } from '~/doors/public-api.server'
import { noQuery } from '~/lib/cache-keys'

/** GET /api/public/budgets: the published budget years, newest first (a plain array). */
export const loader = publicArrayApi('budgets')
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
