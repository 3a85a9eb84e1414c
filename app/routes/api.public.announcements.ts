import { methodNotAllowed, publicArrayApi } from '~/doors/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { PublicAnnouncement, declare, z } from '~/openapi/operations.server'

/** GET /api/public/announcements: the announcements showing now (a plain array). */
export const loader = declare(publicArrayApi('announcements'), {
  method: 'get',
  tag: 'Public',
  summary: 'The announcements showing now, newest start first',
  description: 'Shown from `starts_at` until `ends_at` (null: no end).',
  permissions: null,
  etag: true,
  ok: { status: 200, data: z.array(PublicAnnouncement), message: 'List Data Announcements' },
})
export const action = methodNotAllowed

export const handle = { cacheKey: noQuery }
