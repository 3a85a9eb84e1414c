import type { LoaderFunctionArgs } from '@remix-run/node'
import { getEnv } from '~/utils/config.server'
import { nowMs } from '~/utils/clock.server'
import { excerpt } from '~/lib/format'
import { zoneLabel } from '~/lib/event-times'
import { PUBLIC_PAGE_SIZE, parseListQuery } from '~/lib/paging'
import { screenPage, type ScreenPage } from '~/lib/summaries'
import { formatZoned } from '~/lib/zoned-time'
import {
  listStartedAnnouncements,
  REGENCY_SOURCE,
  showingAnnouncements,
  startedAnnouncement,
  startedRegencyAnnouncement,
  type AnnouncementRow,
} from '~/models/content/announcement.server'
import { foundOr404 } from '~/doors/site/public.server'

/**
 * The announcements' door (docs/api.md "Announcements"): the banner above every public page while one is showing,
 * `/pengumuman` (those showing and those ended, not those still to come) and `/pengumuman/{id}`.
 */

/**
 * What the banner needs of an announcement showing now: its title and address, and a key that changes when it is
 * edited (the browser remembers the keys a visitor dismissed, so an edited announcement shows again).
 */
export type BannerItem = { id: number; title: string; key: string; href: string; regency: boolean }

/**
 * The public layout's loader: the announcements showing now (one memoised read per data version). A regency's
 * (REGENCY_HOST) live at `/pengumuman/kabupaten/{id}`, and their keys are apart from the village's own.
 */
export async function bannerLoader(): Promise<{ announcements: BannerItem[] }> {
  const rows = await showingAnnouncements()
  return {
    announcements: rows.map((row) => {
      const regency = row.source === REGENCY_SOURCE
      return {
        id: row.id,
        title: row.title,
        key: `${regency ? 'kabupaten-' : ''}${row.id}-${row.updated_at.getTime()}`,
        href: regency ? `/pengumuman/kabupaten/${row.id}` : `/pengumuman/${row.id}`,
        regency,
      }
    }),
  }
}

export type AnnouncementSummary = {
  id: number
  title: string
  excerpt: string
  /** `Berlangsung` while it shows, `Berakhir` once it has ended. */
  state: 'Berlangsung' | 'Berakhir'
  startsAt: string
  /** `5 Desember 2026 pukul 08.00 WIB` */
  starts: string
  ends: string | null
}

const shownTime = (value: Date | null) => {
  const zone = getEnv().TZ
  return value ? `${formatZoned(value, zone)} ${zoneLabel(zone)}` : null
}

function announcementSummary(row: AnnouncementRow): AnnouncementSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: excerpt(row.content, 200),
    state: row.ends_at && row.ends_at.getTime() <= nowMs() ? 'Berakhir' : 'Berlangsung',
    startsAt: row.starts_at.toISOString(),
    starts: shownTime(row.starts_at)!,
    ends: shownTime(row.ends_at),
  }
}

/** `/pengumuman?page`: the announcements that have started, the newest first. */
export async function announcementsLoader({
  request,
  context,
}: LoaderFunctionArgs): Promise<ScreenPage<AnnouncementSummary>> {
  const query = parseListQuery(new URL(request.url).searchParams, PUBLIC_PAGE_SIZE)
  const page = await listStartedAnnouncements({ page: query.page, search: '', limit: PUBLIC_PAGE_SIZE })
  if (page.current_page > page.last_page) context.skipResponseCache?.()
  return screenPage(page, announcementSummary)
}

/** `/pengumuman/{id}`: one that has started, or the not-found screen. */
export async function announcementLoader({ params }: LoaderFunctionArgs) {
  const row = await foundOr404(() => startedAnnouncement(params.id ?? ''))
  return {
    announcement: { ...announcementSummary(row), content: row.content, updated_at: row.updated_at, regency: false },
  }
}

/** `/pengumuman/kabupaten/{id}` (REGENCY_HOST): one of the regency's that has started, or the not-found screen. */
export async function regencyAnnouncementLoader({ params }: LoaderFunctionArgs) {
  const row = await foundOr404(() => startedRegencyAnnouncement(params.id ?? ''))
  return {
    announcement: { ...announcementSummary(row), content: row.content, updated_at: row.updated_at, regency: true },
  }
}
