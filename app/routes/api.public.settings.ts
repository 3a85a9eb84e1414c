import { methodNotAllowed, publicSettingsApi } from '~/doors/site/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { declare, get, ok, PUBLIC } from '~/openapi/declare.server'
import { Settings } from '~/openapi/operations.server'

/** GET /api/public/settings: the village's name, tagline, logo and contacts. */
export const loader = declare(publicSettingsApi, { ...get("The site's settings", PUBLIC), etag: true, ...ok(Settings) })
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
