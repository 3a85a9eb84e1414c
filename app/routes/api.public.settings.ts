import { methodNotAllowed, publicSettingsApi } from '~/doors/public-api.server'
import { noQuery } from '~/lib/cache-keys'

/** GET /api/public/settings: the village's name, tagline, logo and contacts. */
export const loader = publicSettingsApi
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
