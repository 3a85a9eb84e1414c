import { methodNotAllowed, publicArrayApi } from '~/doors/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { BudgetYear, declare, z } from '~/openapi/operations.server'

/** GET /api/public/budgets: the published budget years, newest first (a plain array). */
export const loader = declare(publicArrayApi('budgets'), {
  method: 'get',
  tag: 'Public',
  summary: 'The published budget (APBDes) years, newest first',
  permissions: null,
  etag: true,
  ok: { status: 200, data: z.array(BudgetYear), message: 'List Data Budgets' },
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
