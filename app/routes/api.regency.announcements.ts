import { regencyAnnouncementsApi } from '~/doors/regency/regency-api.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import {
  Announcement,
  declare,
  listParams,
  paginated,
  AnnouncementInput,
  REGENCY_PERMISSION,
} from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/regency/announcements (the regency's, paged), POST (a new one): the regency host only. */
export const loader = declare(regencyAnnouncementsApi, {
  method: 'get',
  tag: 'Regency',
  summary: "The regency's announcements",
  description: "Shown on every active village's site while they show, marked `Pemerintah Kabupaten`.",
  permissions: [REGENCY_PERMISSION],
  query: listParams(ADMIN_PAGE_SIZE),
  data: paginated(Announcement, 'Announcement'),
})
export const action = declare(regencyAnnouncementsApi, {
  method: 'post',
  tag: 'Regency',
  summary: 'Create an announcement for every village',
  description:
    "As a village's announcement. Each village shows it at `/pengumuman/kabupaten/{id}` and in " +
    '`GET /api/public/announcements` with `source: "kabupaten"`; no village can change or delete it.',
  permissions: [REGENCY_PERMISSION],
  body: { json: AnnouncementInput },
  ok: { status: 201, data: Announcement, message: 'Announcement created successfully!' },
})
