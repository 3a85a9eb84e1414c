import { thing } from './json-ld'
import { absoluteUrl, logoUrl, type JsonLd } from './seo'
import type { Site } from './site'
import { uploadUrl } from './upload-urls'

/**
 * What the agenda's screens show of an event (app/doors/content/events.server.ts makes them): its date and time already
 * written in the village's time zone, so that the page reads the same wherever the visitor's clock is.
 */
export type EventSummary = {
  id: number
  title: string
  slug: string
  image: string | null
  image_alt: string
  location: string
  /** `Sabtu, 5 Desember 2026` (app/lib/event-times.ts eventWhen). */
  date: string
  /** `08.00 - 11.00 WIB`, `Sepanjang hari`. */
  time: string
  /** For `<time datetime>`: the start (a date alone for an all-day event). */
  startsAt: string
}

export type EventDetail = EventSummary & {
  description: string
  organizer: string
  allDay: boolean
  endsAt: string | null
  /** Whether the event has ended. */
  ended: boolean
  /** "Tambahkan ke Google Calendar". */
  googleUrl: string
  updated_at: string | Date
  published_at: string | Date | null
  status: string
}

/** The event as schema.org's `Event` (its page's JSON-LD). */
export function eventLd(site: Site, event: EventDetail): JsonLd {
  const image = uploadUrl('events', event.image)
  return {
    ...thing('Event', site, `/agenda/${event.slug}`, event, event.description),
    startDate: event.startsAt,
    ...(event.endsAt ? { endDate: event.endsAt } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: event.location || site.name,
      ...(site.address
        ? { address: { '@type': 'PostalAddress', streetAddress: site.address, addressCountry: 'ID' } }
        : {}),
    },
    organizer: { '@type': 'Organization', name: event.organizer || site.name, url: absoluteUrl(site.url, '/') },
    image: [image ? absoluteUrl(site.url, image) : logoUrl(site)],
    inLanguage: 'id',
  }
}
