import { regencyAnnouncementApi } from '~/doors/regency/regency-api.server'
import { declare, at, json, REGENCY_ONLY, ok } from '~/openapi/declare.server'
import { Announcement, AnnouncementInput, idParam, z } from '~/openapi/operations.server'

const announcement = at(idParam('announcement'))

export const handle = { regency: true }

/** GET, PUT and DELETE /api/regency/announcements/{id}: the regency host only. */
export const loader = declare(regencyAnnouncementApi, {
  ...announcement.get("One of the regency's announcements", REGENCY_ONLY),
  ...ok(Announcement, 'Detail Data Announcement'),
})
export const action = declare(regencyAnnouncementApi, [
  {
    ...announcement.put("Change one of the regency's announcements", REGENCY_ONLY, json(AnnouncementInput)),
    ...ok(Announcement, 'Announcement updated successfully!'),
  },
  {
    ...announcement.del("Delete one of the regency's announcements", REGENCY_ONLY),
    ...ok(z.null(), 'Announcement deleted successfully!'),
  },
])
