import { fromZonedTime } from './zoned-time'

/**
 * The times of an agenda event (docs/api.md "Agenda"): when it has ended, how the site writes its date and time, and
 * its "add to Google Calendar" address. An all-day event's days are kept as midnight UTC of each date (its `starts_at`
 * and `ends_at` read as dates); a timed event's instants are shown in the village's time zone (`TZ`).
 */

export type EventTimes = { starts_at: Date | string; ends_at: Date | string | null; all_day: boolean }

const DAY = 24 * 3600 * 1000
const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))

/** `2026-12-05`: the date an all-day value stands for. */
export const isoDay = (value: Date | string) => asDate(value).toISOString().slice(0, 10)

/**
 * When the event has ended: its end, else its start; an all-day event at the end of its last day in `zone`.
 */
export function eventEndedAt(event: EventTimes, zone: string): Date {
  const last = asDate(event.ends_at ?? event.starts_at)
  if (!event.all_day) return last
  return fromZonedTime(`${isoDay(new Date(last.getTime() + DAY))}T00:00`, zone) ?? new Date(last.getTime() + DAY)
}

/** The short name Indonesians use for their zones; other zones by their name. */
export function zoneLabel(zone: string): string {
  if (zone === 'Asia/Jakarta' || zone === 'Asia/Pontianak') return 'WIB'
  if (zone === 'Asia/Makassar') return 'WITA'
  if (zone === 'Asia/Jayapura') return 'WIT'
  return zone
}

const formats = new Map<string, Intl.DateTimeFormat>()
function format(zone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${zone}|${JSON.stringify(options)}`
  let known = formats.get(key)
  if (!known) formats.set(key, (known = new Intl.DateTimeFormat('id-ID', { ...options, timeZone: zone })))
  return known
}
const DATE: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }

/**
 * The event's date and time as the site writes them: `Sabtu, 5 Desember 2026` and `08.00 - 11.00 WIB` (or
 * `Sepanjang hari`); an event over several days names both ends.
 */
export function eventWhen(event: EventTimes, zone: string): { date: string; time: string } {
  const start = asDate(event.starts_at)
  const end = event.ends_at ? asDate(event.ends_at) : null
  if (event.all_day) {
    const first = format('UTC', DATE).format(start)
    const last = end && isoDay(end) !== isoDay(start) ? format('UTC', DATE).format(end) : null
    return { date: last ? `${first} - ${last}` : first, time: 'Sepanjang hari' }
  }
  const zoneName = zoneLabel(zone)
  const day = format(zone, DATE)
  const time = format(zone, TIME)
  const firstDay = day.format(start)
  if (!end) return { date: firstDay, time: `${time.format(start)} ${zoneName}` }
  const lastDay = day.format(end)
  if (lastDay === firstDay) return { date: firstDay, time: `${time.format(start)} - ${time.format(end)} ${zoneName}` }
  return { date: `${firstDay} - ${lastDay}`, time: `${time.format(start)} - ${time.format(end)} ${zoneName}` }
}

const compact = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/**
 * "Tambahkan ke Google Calendar": Google's event template address (a link the visitor follows; nothing of Google's is
 * loaded by the page). An event without an end is given its start as its end.
 */
export function googleCalendarUrl(event: EventTimes & { title: string; location: string }, details: string): string {
  const start = asDate(event.starts_at)
  const end = event.ends_at ? asDate(event.ends_at) : null
  const dates = event.all_day
    ? `${isoDay(start).replaceAll('-', '')}/${isoDay(new Date((end ?? start).getTime() + DAY)).replaceAll('-', '')}`
    : `${compact(start)}/${compact(end ?? start)}`
  const params = new URLSearchParams({ action: 'TEMPLATE', text: event.title, dates, details })
  if (event.location) params.set('location', event.location)
  return `https://calendar.google.com/calendar/render?${params.toString()}`
}
