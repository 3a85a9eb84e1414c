import { regencyAnnouncementApi } from '~/doors/regency/regency-api.server'
import { at, json, oneRecord, REGENCY_ONLY, ok } from '~/openapi/declare.server'
import { Announcement, AnnouncementInput, idParam, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET, PUT and DELETE /api/regency/announcements/{id}: the regency host only. */
const { loader, action } = oneRecord(regencyAnnouncementApi, at(idParam('announcement')), REGENCY_ONLY, {
  get: ["One of the regency's announcements", ok(Announcement, 'Detail Data Announcement')],
  put: [
    "Change one of the regency's announcements",
    json(AnnouncementInput),
    ok(Announcement, 'Announcement updated successfully!'),
  ],
  del: ["Delete one of the regency's announcements", ok(z.null(), 'Announcement deleted successfully!')],
})
export { loader, action }
