import { regencyAnnouncementsApi } from '~/doors/regency/regency-api.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { declare, get, post, ok, created, json, REGENCY_ONLY } from '~/openapi/declare.server'
import { Announcement, listParams, paginated, AnnouncementInput } from '~/openapi/operations.server'

export const handle = { regency: true }

/** GET /api/regency/announcements (the regency's, paged), POST (a new one): the regency host only. */
export const loader = declare(regencyAnnouncementsApi, {
  ...get("The regency's announcements", REGENCY_ONLY),
  query: listParams(ADMIN_PAGE_SIZE),
  ...ok(paginated(Announcement, 'Announcement')),
  description: "Shown on every active village's site while they show, marked `Pemerintah Kabupaten`.",
})
export const action = declare(regencyAnnouncementsApi, {
  ...post('Create an announcement for every village', REGENCY_ONLY, json(AnnouncementInput)),
  ...created(Announcement, 'Announcement created successfully!'),
  description:
    "As a village's announcement. Each village shows it at `/pengumuman/kabupaten/{id}` and in `GET " +
    '/api/public/announcements` with `source: "kabupaten"`; no village can change or delete it.',
})
