/**
 * Wall-clock times in the village's time zone (`TZ`, Asia/Jakarta unless set): what a `datetime-local` input shows
 * and sends (`2026-11-24T18:30`, no zone) against the instants the database keeps. Pure Intl, so the browser and
 * the server agree.
 */
export { DEFAULT_TIME_ZONE, isTimeZone } from '#core/time-zone.js'

/** `YYYY-MM-DDTHH:mm` (seconds optional): a time without a zone, as a datetime-local input sends it. */
export const LOCAL_TIME = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(?:\.\d+)?)?$/

const formats = new Map<string, Intl.DateTimeFormat>()
function format(zone: string) {
  let known = formats.get(zone)
  if (!known) {
    known = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formats.set(zone, known)
  }
  return known
}

/** The wall-clock parts of `ms` in `zone`. */
function wallClock(ms: number, zone: string) {
  const parts = Object.fromEntries(
    format(zone)
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  )
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  }
}

/** How far `zone` is ahead of UTC at the instant `ms`. */
function offsetAt(ms: number, zone: string) {
  const c = wallClock(ms, zone)
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - (ms - (ms % 1000))
}

/** The instant a wall-clock time (`2026-11-24T18:30`) names in `zone`, or null when it is no such time. */
export function fromZonedTime(local: string, zone: string): Date | null {
  const match = LOCAL_TIME.exec(local)
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0))
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second)
  const check = new Date(asUtc)
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return null
  // Twice: the offset at the guess may differ from the offset at the answer (a change of daylight saving time).
  let ms = asUtc - offsetAt(asUtc, zone)
  ms = asUtc - offsetAt(ms, zone)
  return new Date(ms)
}

const pad = (n: number) => String(n).padStart(2, '0')

const readable = new Map<string, Intl.DateTimeFormat>()
/** `24 November 2026 pukul 18.30` in `zone` ('' for none): a publish time as the admin reads it. */
export function formatZoned(value: Date | string | null | undefined, zone: string): string {
  if (value === null || value === undefined || value === '') return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  let known = readable.get(zone)
  if (!known)
    readable.set(
      zone,
      (known = new Intl.DateTimeFormat('id-ID', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: zone,
      })),
    )
  return known.format(date)
}

/** `2026-11-24T18:30`: the instant as a datetime-local input shows it in `zone` ('' for none). */
export function toZonedInput(value: Date | string | null | undefined, zone: string): string {
  if (value === null || value === undefined || value === '') return ''
  const ms = new Date(value).getTime()
  if (Number.isNaN(ms)) return ''
  const c = wallClock(ms, zone)
  return `${c.year}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`
}

/** What a post, page or product is to the public at `nowMs`: a draft, scheduled for later, or published. */
export type PublishState = 'draft' | 'scheduled' | 'published'
export function publishState(row: { readonly [field: string]: unknown }, nowMs: number): PublishState {
  if (row.status !== 'published') return 'draft'
  const at = row.published_at ? new Date(row.published_at as string).getTime() : NaN
  if (Number.isNaN(at)) return 'draft'
  return at > nowMs ? 'scheduled' : 'published'
}

/** The admin's words for each state (list badge, filter, preview banner). */
export const PUBLISH_STATE_LABELS: Record<PublishState, string> = {
  draft: 'Draf',
  scheduled: 'Terjadwal',
  published: 'Terbit',
}
