import { smallMapOf, villageOutline } from '~/doors/village-info/map-pages.server'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getEnv } from '~/utils/config.server'
import { nowMs } from '~/utils/clock.server'
import { HttpError } from '~/utils/http.server'
import { PUBLIC_PAGE_SIZE, parseListQuery } from '~/lib/paging'
import { eventEndedAt, eventWhen, googleCalendarUrl, isoDay } from '~/lib/event-times'
import type { EventDetail, EventSummary } from '~/lib/event-view'
import { htmlToText, excerpt } from '~/lib/format'
import { calendarOf, type CalendarEvent } from '~/lib/icalendar'
import { screenPage, type ScreenPage } from '~/lib/summaries'
import {
  allPublicEvents,
  listPublicEvents,
  previewEvent,
  upcomingEvents,
  type EventRow,
} from '~/models/content/event.server'
import { publicEvent } from '~/models/site/public-catalog.server'
import { siteIdentity, siteUrl } from '~/models/site/site-identity.server'
import { detailLoader } from '~/doors/site/public.server'

/**
 * The agenda's door (docs/api.md "Agenda"): `/agenda` (upcoming events, then `Agenda Sebelumnya`), `/agenda/{slug}`,
 * the iCalendar feeds `/agenda.ics` and `/agenda/{slug}.ics`, and the home page's `Agenda Mendatang`.
 */

/** Past events per page of `Agenda Sebelumnya`. */
const PAST_PAGE_SIZE = 6
/** The home page's upcoming events. */
const HOME_COUNT = 3

const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value))

/** What a card shows; made once per row object (the memoised rows are shared by the requests of a data version). */
const summaries = new WeakMap<EventRow, EventSummary>()
function eventSummary(row: EventRow): EventSummary {
  let summary = summaries.get(row)
  if (!summary) {
    const when = eventWhen(row, getEnv().TZ)
    summary = {
      id: row.id,
      title: row.title,
      slug: row.slug,
      image: row.image,
      image_alt: row.image_alt,
      location: row.location,
      date: when.date,
      time: when.time,
      startsAt: row.all_day ? isoDay(row.starts_at) : dateOf(row.starts_at).toISOString(),
    }
    summaries.set(row, summary)
  }
  return summary
}

export type AgendaScreen = { upcoming: ScreenPage<EventSummary>; past: ScreenPage<EventSummary> }

/** `/agenda?page&lalu`: a page of the upcoming events (`page`) and one of the past ones (`lalu`). */
export async function agendaLoader({ request, context }: LoaderFunctionArgs): Promise<AgendaScreen> {
  const params = new URL(request.url).searchParams
  const upcomingQuery = parseListQuery(params, PUBLIC_PAGE_SIZE)
  const pastQuery = parseListQuery(new URLSearchParams({ page: params.get('lalu') ?? '1' }), PAST_PAGE_SIZE)
  const [upcoming, past] = await Promise.all([
    listPublicEvents({ page: upcomingQuery.page, search: '', limit: PUBLIC_PAGE_SIZE }, 'upcoming', '/agenda'),
    listPublicEvents({ page: pastQuery.page, search: '', limit: PAST_PAGE_SIZE }, 'past', '/agenda'),
  ])
  // A page past the end is a correct empty page, but not one to keep (app/doors/site/public.server.ts, publicList).
  if (upcoming.current_page > upcoming.last_page || past.current_page > past.last_page) context.skipResponseCache?.()
  return { upcoming: screenPage(upcoming, eventSummary), past: screenPage(past, eventSummary) }
}

/** The home page's `Agenda Mendatang`: the first three upcoming events. */
export const homeAgenda = async () => (await upcomingEvents(HOME_COUNT)).map(eventSummary)

/** An event as its page shows it (also a preview link's page, app/doors/content/preview.server.ts). */
export function eventDetail(row: EventRow, siteAddress: string): EventDetail {
  const zone = getEnv().TZ
  const description = htmlToText(row.description)
  return {
    ...eventSummary(row),
    description: row.description,
    organizer: row.organizer,
    allDay: row.all_day,
    endsAt: row.ends_at ? (row.all_day ? isoDay(row.ends_at) : dateOf(row.ends_at).toISOString()) : null,
    ended: eventEndedAt(row, zone).getTime() <= nowMs(),
    googleUrl: googleCalendarUrl(
      row,
      [excerpt(description, 500), `${siteAddress}/agenda/${row.slug}`].filter(Boolean).join('\n\n'),
    ),
    updated_at: row.updated_at,
    published_at: row.published_at,
    status: row.status,
  }
}

/** `/agenda/{slug}`: the event (staff with `events-edit` also see a draft or scheduled one, as a preview). */
export const eventLoader = async (args: LoaderFunctionArgs) => {
  const outline = await villageOutline()
  return detailLoader(args, 'events', { visible: publicEvent, preview: previewEvent }, (item, preview) => ({
    event: eventDetail(item, siteUrl(args.request)),
    smallMap: smallMapOf(item, outline),
    preview,
  }))
}

/** One VEVENT: its UID is stable (the event's id on this site), its DTSTAMP its last change. */
function calendarEvent(row: EventRow, origin: string): CalendarEvent {
  return {
    uid: `agenda-${row.id}@${new URL(origin).hostname}`,
    stamp: dateOf(row.updated_at),
    startsAt: dateOf(row.starts_at),
    endsAt: row.ends_at ? dateOf(row.ends_at) : null,
    allDay: row.all_day,
    summary: row.title,
    location: row.location,
    description: [htmlToText(row.description), row.organizer ? `Penyelenggara: ${row.organizer}` : '']
      .filter(Boolean)
      .join('\n\n'),
    url: `${origin}/agenda/${encodeURIComponent(row.slug)}`,
  }
}

const CALENDAR_HEADERS = { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'public, max-age=300' }

/** `GET /agenda.ics`: every published event (RFC 5545). */
export async function agendaCalendarLoader({ request }: LoaderFunctionArgs) {
  const [site, events] = await Promise.all([siteIdentity(request), allPublicEvents()])
  const body = calendarOf({
    name: `Agenda ${site.name}`,
    timeZone: getEnv().TZ,
    events: events.map((row) => calendarEvent(row, site.url)),
  })
  return new Response(body, {
    headers: { ...CALENDAR_HEADERS, 'Content-Disposition': 'inline; filename="agenda.ics"' },
  })
}

/** `GET /agenda/{slug}.ics`: one published event, or the not-found screen. */
export async function eventCalendarLoader({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug ?? ''
  let row: EventRow
  try {
    row = await publicEvent(slug)
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return new Response('Not Found', { status: 404 })
    throw error
  }
  const site = await siteIdentity(request)
  const body = calendarOf({ name: row.title, timeZone: getEnv().TZ, events: [calendarEvent(row, site.url)] })
  return new Response(body, {
    headers: { ...CALENDAR_HEADERS, 'Content-Disposition': `attachment; filename="${row.slug}.ics"` },
  })
}
