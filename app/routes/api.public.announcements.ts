import { methodNotAllowed, publicArrayLoader } from '~/doors/site/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { PublicAnnouncement } from '~/openapi/operations.server'

/** GET /api/public/announcements: the announcements showing now (a plain array). */
export const loader = publicArrayLoader('announcements', PublicAnnouncement, {
  summary: 'The announcements showing now, newest start first',
  description: 'Shown from `starts_at` until `ends_at` (null: no end).',
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
