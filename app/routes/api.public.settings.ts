import { methodNotAllowed, publicSettingsApi } from '~/doors/site/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { Settings, declare } from '~/openapi/operations.server'

/** GET /api/public/settings: the village's name, tagline, logo and contacts. */
export const loader = declare(publicSettingsApi, {
  method: 'get',
  tag: 'Site settings',
  summary: "The site's settings",
  permissions: null,
  etag: true,
  data: Settings,
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
