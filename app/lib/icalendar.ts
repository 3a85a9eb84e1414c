/**
 * iCalendar (RFC 5545) for the agenda's feeds (`/agenda.ics`, `/agenda/{slug}.ics`): lines end with CRLF, a line
 * longer than 75 octets is folded (CRLF and one space) without splitting a UTF-8 character, TEXT values are escaped
 * (`\\`, `\;`, `\,`, and every line break as `\n`), times are UTC (`...Z`) and an all-day event's days are DATE values
 * (DTEND the day after its last, as the RFC counts). Pure: the route gives it the events and the site.
 */

/** A TEXT value escaped (RFC 5545 3.3.11): backslash, semicolon and comma escaped, each line break written `\n`. */
export const escapeText = (value: string) =>
  value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n')

const encoder = new TextEncoder()

/** One content line folded at 75 octets (RFC 5545 3.1): each further part starts with a space, which it counts. */
export function foldLine(line: string): string {
  const parts: string[] = []
  let part = ''
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    // The first part may hold 75 octets; each further one a space and 74.
    if (octets + size > 75) {
      parts.push(part)
      part = ' '
      octets = 1
    }
    part += char
    octets += size
  }
  parts.push(part)
  return parts.join('\r\n')
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** `20261205T010000Z` */
export const utcStamp = (date: Date) =>
  `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
  `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`

/** `20261205`: the UTC date of an all-day event's day (kept as midnight UTC). */
export const dateStamp = (date: Date) =>
  `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`

const DAY = 24 * 3600 * 1000

export type CalendarEvent = {
  uid: string
  /** When this description of the event was made (its last change). */
  stamp: Date
  startsAt: Date
  endsAt: Date | null
  allDay: boolean
  summary: string
  location: string
  description: string
  url: string
}

/** The lines of one VEVENT (unfolded). */
function eventLines(event: CalendarEvent): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${escapeText(event.uid)}`, `DTSTAMP:${utcStamp(event.stamp)}`]
  if (event.allDay) {
    lines.push(`DTSTART;VALUE=DATE:${dateStamp(event.startsAt)}`)
    // DTEND of a DATE is exclusive: the day after the last one.
    lines.push(`DTEND;VALUE=DATE:${dateStamp(new Date((event.endsAt ?? event.startsAt).getTime() + DAY))}`)
  } else {
    lines.push(`DTSTART:${utcStamp(event.startsAt)}`)
    if (event.endsAt) lines.push(`DTEND:${utcStamp(event.endsAt)}`)
  }
  lines.push(`SUMMARY:${escapeText(event.summary)}`)
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`)
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`)
  lines.push(`URL:${event.url}`, `LAST-MODIFIED:${utcStamp(event.stamp)}`, 'END:VEVENT')
  return lines
}

/** A whole VCALENDAR: `name` is the calendar's name, `timeZone` the village's (`TZ`), as a hint to the reader. */
export function calendarOf(calendar: { name: string; timeZone: string; events: CalendarEvent[] }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Balai Desa//Agenda//ID',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${escapeText(calendar.timeZone)}`,
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ]
  return lines.map((line) => `${foldLine(line)}\r\n`).join('')
}
