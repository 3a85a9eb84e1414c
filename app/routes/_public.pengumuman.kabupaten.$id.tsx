import { screen } from '~/components/shared/route-screen'
import { AnnouncementArticle, announcementMeta } from '~/components/content/announcement-article'
import { regencyAnnouncementLoader } from '~/doors/content/announcements.server'
import { noQuery } from '~/lib/cache-keys'

/** `/pengumuman/kabupaten/{id}`: the regency's announcement on a village it hosts (REGENCY_HOST); else 404. */
export const loader = regencyAnnouncementLoader

export const handle = { cacheKey: noQuery }

export const meta = announcementMeta

export default screen<typeof loader>(AnnouncementArticle)
