import { regencyAnnouncementApi } from '~/doors/regency/regency-api.server'
import { declare, get, put, del, ok, json, REGENCY_ONLY } from '~/openapi/declare.server'
import { Announcement, AnnouncementInput, idParam, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET, PUT and DELETE /api/regency/announcements/{id}: the regency host only. */
export const loader = declare(regencyAnnouncementApi, {
  ...get("One of the regency's announcements", REGENCY_ONLY),
  params: idParam('announcement'),
  ...ok(Announcement, 'Detail Data Announcement'),
})
export const action = declare(
  regencyAnnouncementApi,
  {
    ...put("Change one of the regency's announcements", REGENCY_ONLY),
    params: idParam('announcement'),
    body: json(AnnouncementInput),
    ...ok(Announcement, 'Announcement updated successfully!'),
  },
  {
    ...del("Delete one of the regency's announcements", REGENCY_ONLY),
    params: idParam('announcement'),
    ...ok(z.null(), 'Announcement deleted successfully!'),
  },
)
