import { regencyAnnouncementApi } from '~/doors/regency-api.server'

/** GET, PUT and DELETE /api/regency/announcements/{id}: the regency host only. */
export const loader = regencyAnnouncementApi
export const action = regencyAnnouncementApi
