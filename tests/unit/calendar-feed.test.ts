import { describe, expect, it } from 'vitest'
import { calendarOf, escapeText, foldLine } from '~/lib/icalendar'

const octets = (text: string) => new TextEncoder().encode(text).length

describe('iCalendar (RFC 5545)', () => {
  it('escapes TEXT: backslash, semicolon, comma, and every line break as \\n', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng')
  })

  it('folds at 75 octets, the continuation starting with a space, never inside a UTF-8 character', () => {
    const line = `SUMMARY:${'Posyandu “Sehat” 🌾 '.repeat(12)}`
    const folded = foldLine(line)
    const parts = folded.split('\r\n')
    expect(parts.length).toBeGreaterThan(3)
    for (const [at, part] of parts.entries()) {
      expect(octets(part), part).toBeLessThanOrEqual(75)
      if (at > 0) expect(part.startsWith(' ')).toBe(true)
      // Each part is whole characters: no lone surrogate, nothing replaced when encoded.
      expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(part))).toBe(part)
    }
    expect(parts.map((part, at) => (at ? part.slice(1) : part)).join('')).toBe(line)
    // A line of 75 octets stays whole.
    expect(foldLine('X'.repeat(75))).toBe('X'.repeat(75))
    expect(foldLine('X'.repeat(76))).toBe(`${'X'.repeat(75)}\r\n X`)
  })

  it('writes a calendar with CRLF line ends, UTC times, and DATE values for an all-day event', () => {
    const text = calendarOf({
      name: 'Agenda Desa',
      timeZone: 'Asia/Jakarta',
      events: [
        {
          uid: 'agenda-1@desa.example',
          stamp: new Date('2026-11-20T01:02:03Z'),
          startsAt: new Date('2026-12-05T01:00:00Z'),
          endsAt: new Date('2026-12-05T04:00:00Z'),
          allDay: false,
          summary: 'Musyawarah; RKP, 2027',
          location: 'Balai Desa',
          description: 'Baris satu\nBaris dua',
          url: 'https://desa.example/agenda/musyawarah',
        },
        {
          uid: 'agenda-2@desa.example',
          stamp: new Date('2026-11-20T01:02:03Z'),
          startsAt: new Date('2026-12-12T00:00:00Z'),
          endsAt: null,
          allDay: true,
          summary: 'Vaksinasi',
          location: '',
          description: '',
          url: 'https://desa.example/agenda/vaksinasi',
        },
      ],
    })
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const lines = text.split('\r\n')
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(lines).toContain('VERSION:2.0')
    expect(lines).toContain('DTSTART:20261205T010000Z')
    expect(lines).toContain('DTEND:20261205T040000Z')
    expect(lines).toContain('DTSTAMP:20261120T010203Z')
    expect(lines).toContain('SUMMARY:Musyawarah\\; RKP\\, 2027')
    expect(lines).toContain('DESCRIPTION:Baris satu\\nBaris dua')
    expect(lines).toContain('DTSTART;VALUE=DATE:20261212')
    expect(lines).toContain('DTEND;VALUE=DATE:20261213')
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2)
  })
})
