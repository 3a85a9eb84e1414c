/** Formatting shared by the public site and the back office (pure, usable on both sides). */

const TIME_ZONE = 'Asia/Jakarta'

const rupiah = new Intl.NumberFormat('id-ID', {
  style: 'currency',
  currency: 'IDR',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
})
const longDate = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
})
const dateTime = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
})
const weekdayDate = new Intl.DateTimeFormat('id-ID', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
})

/** `Rp 1.500.000` (Indonesian thousands separators, no decimals). */
export function formatRupiah(value: number | string | null | undefined): string {
  const number = typeof value === 'string' ? Number(value) : (value ?? 0)
  return rupiah.format(Number.isFinite(number) ? number : 0)
}

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value))

/** `22 November 2026`, in Western Indonesian Time whatever the reader's clock says. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const date = toDate(value)
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date)
}

/** `22 November 2026 pukul 09.30` (WIB): when something happened, for the back office. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const date = toDate(value)
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date)
}

/** `Minggu, 22 November 2026`. */
export function formatDateWithWeekday(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const date = toDate(value)
  return Number.isNaN(date.getTime()) ? '' : weekdayDate.format(date)
}

const NAMED_ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  hellip: '…',
  ndash: '–',
  mdash: '—',
}

/** Decodes entities in one pass, so `&amp;lt;` stays the text `&lt;` instead of becoming `<`. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] === '#') {
      const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10)
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? entity
  })
}

function visibleWords(html: string): string {
  const text = html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ')
  return decodeEntities(text).replace(/\s+/g, ' ').trim()
}

/**
 * The words of the last long fragments read, by the fragment: a post's page reads its whole content twice (the
 * description and the reading time), and every uncached view of the post again. A pure function of its key, so the
 * memo holds nothing a caller could not compute; bounded in the characters it holds (fragments and their words, about
 * 4 MB at most), the oldest going first.
 */
const WORDS_FROM = 512
const WORDS_HELD = 1_000_000
const wordsOf = new Map<string, string>()
let wordsHeld = 0

function keepWords(source: string, text: string) {
  if (source.length + text.length > WORDS_HELD / 4) return
  wordsOf.set(source, text)
  wordsHeld += source.length + text.length
  for (const [oldest, words] of wordsOf) {
    if (wordsHeld <= WORDS_HELD) break
    wordsOf.delete(oldest)
    wordsHeld -= oldest.length + words.length
  }
}

/** The visible words of an HTML fragment. */
export function htmlToText(html: string | null | undefined): string {
  const source = html ?? ''
  if (source.length < WORDS_FROM) return visibleWords(source)
  let text = wordsOf.get(source)
  if (text === undefined) {
    text = visibleWords(source)
    keepWords(source, text)
  }
  return text
}

export const countWords = (html: string | null | undefined) => {
  const text = htmlToText(html)
  return text ? text.split(' ').length : 0
}

/** Reading time in minutes: words / 200, rounded up (an empty text reads in 0 minutes). */
export const readingMinutes = (html: string | null | undefined) => Math.ceil(countWords(html) / 200)

/**
 * The visible words of the start of `html`: more than `max` characters of them where it has that many. A list
 * page shows the excerpts of 9 articles that may be long: only their start is read where it certainly holds enough
 * text, cut before a tag or an entity the cut would split, so its text is the start of the whole text. Anything
 * else (a short text, a script or style block, which rich text never has) reads the whole.
 */
function leadingText(html: string, max: number): string {
  const room = max * 4 + 256
  if (html.length <= room || /<(script|style)/i.test(html)) return htmlToText(html)
  let start = html.slice(0, room)
  const tag = start.lastIndexOf('<')
  if (tag > start.lastIndexOf('>')) start = start.slice(0, tag)
  const entity = start.lastIndexOf('&')
  if (entity > start.lastIndexOf(';')) start = start.slice(0, entity)
  const text = htmlToText(start)
  return text.length > max ? text : htmlToText(html)
}

/** A short plain-text excerpt of rich text, cut on a word. */
export function excerpt(html: string | null | undefined, max = 160): string {
  const text = leadingText(html ?? '', max)
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).trim()}…`
}

/** Phone as WhatsApp wants it: digits only, a leading 0 replaced by 62 (a leading +62 kept as 62). */
export function whatsappNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  return digits.startsWith('0') ? `62${digits.slice(1)}` : digits
}

/** `https://wa.me/62...?text=...` with a message saying the visitor is interested in the product. */
export function whatsappLink(phone: string, productTitle: string): string {
  const message = `Halo, saya tertarik dengan produk ${productTitle}. Apakah masih tersedia?`
  return `https://wa.me/${whatsappNumber(phone)}?text=${encodeURIComponent(message)}`
}

const figure = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 })

/** A figure of the village statistics: `1.234`, `12,5` (Indonesian separators, at most two decimals). */
export function formatNumber(value: number | null | undefined): string {
  return Number.isFinite(value) ? figure.format(value as number) : ''
}

const percent = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/**
 * `part` as a share of `whole`, always with one decimal and a comma: `87,5%`, `75,0%` (docs/api.md "Village
 * information and services"). Nothing of nothing is `0,0%`.
 */
export function formatPercent(part: number, whole: number): string {
  const value = whole > 0 ? (part / whole) * 100 : 0
  return `${percent.format(Math.round(value * 10) / 10)}%`
}
