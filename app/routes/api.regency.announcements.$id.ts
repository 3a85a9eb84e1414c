import { regencyAnnouncementApi } from '~/doors/regency-api.server'

export const handle = { regency: true }

/** GET, PUT and DELETE /api/regency/announcements/{id}: the regency host only. */
export const loader = regencyAnnouncementApi
export const action = regencyAnnouncementApi
