import { screen } from '~/components/shared/route-screen'
import { AnnouncementArticle, announcementMeta } from '~/components/content/announcement-article'
import { announcementLoader } from '~/doors/content/announcements.server'
import { noQuery } from '~/lib/cache-keys'

export const loader = announcementLoader

export const handle = { cacheKey: noQuery }

export const meta = announcementMeta

export default screen<typeof loader>(AnnouncementArticle)
