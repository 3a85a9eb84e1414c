import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AnnouncementArticle } from '~/components/public/announcement-article'
import { announcementLoader } from '~/doors/announcements.server'
import { describe, routeSeo } from '~/lib/seo'
import { noQuery } from '~/lib/cache-keys'

export const loader = announcementLoader

export const handle = { cacheKey: noQuery }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data) => ({
    title: data.announcement.title,
    description: describe(data.announcement.content, data.announcement.title),
    type: 'article',
  }))

export default function AnnouncementScreen() {
  const { announcement } = useLoaderData<typeof loader>()
  return <AnnouncementArticle announcement={announcement} />
}
