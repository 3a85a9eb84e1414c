import { publicLetterTypesApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { noQuery } from '~/lib/cache-keys'
import { declare, PublicLetterType, z } from '~/openapi/operations.server'

/** GET /api/public/letter-types: the active letter types. */
export const loader = declare(publicLetterTypesApi, {
  method: 'get',
  tag: 'Public',
  summary: 'The active letter types',
  permissions: null,
  etag: true,
  data: z.array(PublicLetterType),
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
