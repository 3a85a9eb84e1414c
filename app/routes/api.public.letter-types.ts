import { publicLetterTypesApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { noQuery } from '~/lib/cache-keys'
import { declare, get, ok, PUBLIC } from '~/openapi/declare.server'
import { PublicLetterType, z } from '~/openapi/operations.server'

/** GET /api/public/letter-types: the active letter types. */
export const loader = declare(publicLetterTypesApi, {
  ...get('The active letter types', PUBLIC),
  etag: true,
  ...ok(z.array(PublicLetterType)),
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
