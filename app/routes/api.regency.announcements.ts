import { regencyAnnouncementsApi } from '~/doors/regency-api.server'

export const handle = { regency: true }

/** GET /api/regency/announcements (the regency's, paged), POST (a new one): the regency host only. */
export const loader = regencyAnnouncementsApi
export const action = regencyAnnouncementsApi
