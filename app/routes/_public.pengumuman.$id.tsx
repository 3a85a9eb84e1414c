import { useLoaderData } from '@remix-run/react'
import { AnnouncementArticle, announcementMeta } from '~/components/content/announcement-article'
import { announcementLoader } from '~/doors/content/announcements.server'
import { noQuery } from '~/lib/cache-keys'

export const loader = announcementLoader

export const handle = { cacheKey: noQuery }

export const meta = announcementMeta

export default function AnnouncementScreen() {
  const { announcement } = useLoaderData<typeof loader>()
  return <AnnouncementArticle announcement={announcement} />
}
