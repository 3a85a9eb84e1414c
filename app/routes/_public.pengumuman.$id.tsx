import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AnnouncementState } from '~/components/public/announcement-state'
import { BackLink } from '~/components/public/back-link'
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
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <BackLink fallback="/pengumuman">Kembali ke Pengumuman</BackLink>
      <header className="mt-6">
        <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
          <AnnouncementState state={announcement.state} className="px-3" />
          <span>
            Berlaku <time dateTime={announcement.startsAt}>{announcement.starts}</time>
            {announcement.ends ? ` sampai ${announcement.ends}` : ''}
          </span>
        </p>
        <h1 className="mt-4 text-3xl font-bold leading-tight text-gray-900 md:text-4xl">{announcement.title}</h1>
      </header>
      {announcement.content ? (
        <div className="rich-text mt-8 text-gray-800" dangerouslySetInnerHTML={{ __html: announcement.content }} />
      ) : null}
    </article>
  )
}
