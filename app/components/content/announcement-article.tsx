import type { MetaFunction } from '@remix-run/node'
import { describe, routeSeo } from '~/lib/seo'
import { AnnouncementState } from './announcement-state'
import { BackLink } from '~/components/shared/back-link'

export type AnnouncementArticleData = {
  title: string
  content: string
  state: 'Berlangsung' | 'Berakhir'
  startsAt: string
  starts: string
  ends: string | null
  /** A regency's announcement (REGENCY_HOST), shown on every village it hosts. */
  regency: boolean
}

/** An announcement's own page: `/pengumuman/{id}`, and a regency's at `/pengumuman/kabupaten/{id}`. */
export function AnnouncementArticle({ announcement }: { announcement: AnnouncementArticleData }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <BackLink fallback="/pengumuman">Kembali ke Pengumuman</BackLink>
      <header className="mt-6">
        <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
          <AnnouncementState state={announcement.state} className="px-3" />
          {announcement.regency ? (
            <span className="rounded-full bg-emerald-50 px-3 py-0.5 font-medium text-emerald-800">
              Pemerintah Kabupaten
            </span>
          ) : null}
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

/** The `meta` of both announcement pages. */
export const announcementMeta: MetaFunction<() => Promise<{ announcement: AnnouncementArticleData }>> = (args) =>
  routeSeo(args, (data) => ({
    title: data.announcement.title,
    description: describe(data.announcement.content, data.announcement.title),
    type: 'article',
  }))
