import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AnnouncementArticle } from '~/components/public/announcement-article'
import { regencyAnnouncementLoader } from '~/doors/announcements.server'
import { describe, routeSeo } from '~/lib/seo'
import { noQuery } from '~/lib/cache-keys'

/** `/pengumuman/kabupaten/{id}`: the regency's announcement on a village it hosts (REGENCY_HOST); else 404. */
export const loader = regencyAnnouncementLoader

export const handle = { cacheKey: noQuery }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data) => ({
    title: data.announcement.title,
    description: describe(data.announcement.content, data.announcement.title),
    type: 'article',
  }))

export default function RegencyAnnouncementScreen() {
  const { announcement } = useLoaderData<typeof loader>()
  return <AnnouncementArticle announcement={announcement} />
}
