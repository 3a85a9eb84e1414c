import { regencyAnnouncementApi } from '~/doors/regency/regency-api.server'
import { Announcement, declare, AnnouncementInput, idParam, REGENCY_PERMISSION, z } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET, PUT and DELETE /api/regency/announcements/{id}: the regency host only. */
export const loader = declare(regencyAnnouncementApi, {
  method: 'get',
  tag: 'Regency',
  summary: "One of the regency's announcements",
  permissions: [REGENCY_PERMISSION],
  params: idParam('announcement'),
  ok: { status: 200, data: Announcement, message: 'Detail Data Announcement' },
  fails: [404],
})
export const action = declare(
  regencyAnnouncementApi,
  {
    method: 'put',
    tag: 'Regency',
    summary: "Change one of the regency's announcements",
    permissions: [REGENCY_PERMISSION],
    params: idParam('announcement'),
    body: { json: AnnouncementInput },
    ok: { status: 200, data: Announcement, message: 'Announcement updated successfully!' },
    fails: [404],
  },
  {
    method: 'delete',
    tag: 'Regency',
    summary: "Delete one of the regency's announcements",
    permissions: [REGENCY_PERMISSION],
    params: idParam('announcement'),
    ok: { status: 200, data: z.null(), message: 'Announcement deleted successfully!' },
    fails: [404],
  },
)
