import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AnnouncementState } from '~/components/content/announcement-state'
import { CardLink } from '~/components/shared/cards'
import { EmptyList } from '~/components/shared/list-controls'
import { SimplePager } from '~/components/shared/simple-pager'
import { announcementsLoader } from '~/doors/content/announcements.server'
import { routeSeo } from '~/lib/seo'
import { onlyQuery } from '~/lib/cache-keys'

export const loader = announcementsLoader

export const handle = { cacheKey: onlyQuery('page') }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Pengumuman',
    description: `Pengumuman resmi ${site.name}: yang sedang berlaku dan yang sudah berakhir.`,
  }))

export default function AnnouncementsScreen() {
  const page = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">Pengumuman</h1>
      <p className="mt-1 text-gray-600">Pengumuman yang sedang berlaku dan yang sudah berakhir.</p>
      {page.data.length ? (
        <ul aria-label="Daftar pengumuman" className="mt-8 space-y-4">
          {page.data.map((item) => (
            <li key={item.id}>
              <article
                className={
                  'group relative rounded-xl border border-gray-200 bg-white p-5 shadow-sm ' +
                  'focus-within:ring-2 focus-within:ring-emerald-600 hover:shadow-md'
                }
              >
                <p className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
                  <AnnouncementState state={item.state} className="px-2.5" />
                  <time dateTime={item.startsAt}>{item.starts}</time>
                  {item.ends ? <span>sampai {item.ends}</span> : null}
                </p>
                <h2 className="mt-2 text-lg font-semibold text-gray-900">
                  <CardLink to={`/pengumuman/${item.id}`}>{item.title}</CardLink>
                </h2>
                {item.excerpt ? <p className="mt-1 line-clamp-2 text-sm text-gray-600">{item.excerpt}</p> : null}
              </article>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyList className="mt-8">Belum ada pengumuman.</EmptyList>
      )}
      <SimplePager param="page" current={page.current_page} last={page.last_page} label="Halaman pengumuman" />
    </div>
  )
}
