import { methodNotAllowed, publicArrayLoader } from '~/doors/site/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { BudgetYear } from '~/openapi/operations.server'

/** GET /api/public/budgets: the published budget years, newest first (a plain array). */
export const loader = publicArrayLoader('budgets', BudgetYear, {
  summary: 'The published budget (APBDes) years, newest first',
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
