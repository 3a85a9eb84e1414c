import { describe, expect, it } from 'vitest'
import {
  countWords,
  excerpt,
  formatDate,
  formatDateWithWeekday,
  formatRupiah,
  htmlToText,
  readingMinutes,
  whatsappLink,
  whatsappNumber,
} from '~/lib/format'

// Intl puts a no-break space between the currency and the amount.
const plain = (text: string) => text.replace(/\u00a0/g, ' ')

describe('formatRupiah', () => {
  it('formats Indonesian rupiah with dots for thousands and no decimals', () => {
    expect(plain(formatRupiah(1_500_000))).toBe('Rp 1.500.000')
    expect(plain(formatRupiah(75_000))).toBe('Rp 75.000')
    expect(plain(formatRupiah(999))).toBe('Rp 999')
    expect(plain(formatRupiah(12_345.6))).toBe('Rp 12.346')
  })
  it('accepts numeric strings and falls back to zero for anything else', () => {
    expect(plain(formatRupiah('250000'))).toBe('Rp 250.000')
    expect(plain(formatRupiah('abc'))).toBe('Rp 0')
    expect(plain(formatRupiah(null))).toBe('Rp 0')
    expect(plain(formatRupiah(undefined))).toBe('Rp 0')
    expect(plain(formatRupiah(Number.NaN))).toBe('Rp 0')
  })
})

describe('Indonesian dates', () => {
  it('writes the long date in Western Indonesian Time', () => {
    expect(formatDate(new Date('2026-08-17T03:00:00Z'))).toBe('17 Agustus 2026')
    // 18:30 UTC on the 21st is already the 22nd in Jakarta (UTC+7).
    expect(formatDate('2026-11-21T18:30:00Z')).toBe('22 November 2026')
    expect(formatDate(Date.UTC(2025, 0, 1, 5))).toBe('1 Januari 2025')
  })
  it('adds the weekday in Indonesian', () => {
    expect(formatDateWithWeekday('2026-11-21T18:30:00Z')).toBe('Minggu, 22 November 2026')
    expect(formatDateWithWeekday(new Date('2026-08-17T03:00:00Z'))).toBe('Senin, 17 Agustus 2026')
    expect(formatDateWithWeekday(new Date('2024-02-29T10:00:00Z'))).toBe('Kamis, 29 Februari 2024')
  })
  it('gives an empty text for missing or invalid dates', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value)).toBe('')
      expect(formatDateWithWeekday(value)).toBe('')
    }
  })
})

describe('the words of long fragments, kept', () => {
  it('answers each fragment with its own words, again and past the number it keeps', () => {
    const long = (n: number) => `<p>${`berita ${n} `.repeat(80)}</p><script>x</script>`
    const words = (n: number) => `berita ${n} `.repeat(80).trim()
    for (let n = 0; n < 100; n++) expect(htmlToText(long(n))).toBe(words(n))
    for (let n = 99; n >= 0; n -= 7) expect(htmlToText(long(n))).toBe(words(n))
    expect(readingMinutes(long(3))).toBe(1)
    expect(htmlToText(`<p>${'a&amp;b '.repeat(40_000)}</p>`)).toHaveLength(4 * 40_000 - 1)
    // Past what it holds (1,000,000 characters): the oldest go, every answer stays right.
    const big = (n: number) => `<p>${`kabar ${n} `.repeat(9_000)}</p>`
    for (let n = 0; n < 20; n++) expect(htmlToText(big(n))).toBe(`kabar ${n} `.repeat(9_000).trim())
    expect(htmlToText(big(0))).toBe(`kabar 0 `.repeat(9_000).trim())
  })
})

describe('reading time', () => {
  const words = (count: number) => Array.from({ length: count }, (_, i) => `kata${i}`).join(' ')
  it('is the word count divided by 200, rounded up', () => {
    expect(readingMinutes(`<p>${words(1)}</p>`)).toBe(1)
    expect(readingMinutes(`<p>${words(200)}</p>`)).toBe(1)
    expect(readingMinutes(`<p>${words(201)}</p>`)).toBe(2)
    expect(readingMinutes(`<p>${words(399)}</p>`)).toBe(2)
    expect(readingMinutes(`<p>${words(400)}</p>`)).toBe(2)
    expect(readingMinutes(`<p>${words(401)}</p>`)).toBe(3)
  })
  it('is zero for empty content', () => {
    expect(readingMinutes('')).toBe(0)
    expect(readingMinutes(null)).toBe(0)
    expect(readingMinutes('<p><br></p>')).toBe(0)
  })
  it('counts visible words only: tags split words, scripts and styles are not read', () => {
    expect(countWords('<h2>Visi</h2><p>Desa&nbsp;mandiri</p><ul><li>satu</li><li>dua</li></ul>')).toBe(5)
    expect(countWords('<p>satu</p><script>var a = 1 2 3</script><style>p { color: red }</style>')).toBe(1)
  })
})

describe('htmlToText and excerpt', () => {
  it('decodes entities once', () => {
    expect(htmlToText('<p>Tom &amp; Jerry &lt;3 &quot;ok&quot; &#39;a&#39; &#x41;</p>')).toBe(
      'Tom & Jerry <3 "ok" \'a\' A',
    )
    // A literal "&lt;" typed by an editor is stored as &amp;lt; and must stay "&lt;".
    expect(htmlToText('a &amp;lt;b&amp;gt;')).toBe('a &lt;b&gt;')
    expect(htmlToText('&unknown; stays')).toBe('&unknown; stays')
  })
  it('keeps short texts whole and cuts long ones on a word with an ellipsis', () => {
    expect(excerpt('<p>Pendek saja</p>')).toBe('Pendek saja')
    const long = `<p>${'lorem ipsum '.repeat(40)}</p>`
    const cut = excerpt(long, 50)
    expect(cut.endsWith('…')).toBe(true)
    expect(cut.length).toBeLessThanOrEqual(51)
    expect(cut.slice(0, -1)).toMatch(/(lorem|ipsum)$/)
  })
})

describe('WhatsApp link', () => {
  it('replaces the leading 0 of the phone with 62', () => {
    expect(whatsappNumber('081234567801')).toBe('6281234567801')
    expect(whatsappNumber('0812-3456-7801')).toBe('6281234567801')
    expect(whatsappNumber('+62 812 3456 7801')).toBe('6281234567801')
    expect(whatsappNumber('6281234567801')).toBe('6281234567801')
  })
  it('opens a chat with a prefilled message naming the product', () => {
    const link = whatsappLink('081234567801', 'Madu Hutan Asli & Lebah')
    const url = new URL(link)
    expect(url.origin).toBe('https://wa.me')
    expect(url.pathname).toBe('/6281234567801')
    expect(url.searchParams.get('text')).toBe(
      'Halo, saya tertarik dengan produk Madu Hutan Asli & Lebah. Apakah masih tersedia?',
    )
  })
})

describe('excerpt of a long article', () => {
  // What excerpt gave when it read the whole text: its start must be the same.
  const wholeExcerpt = (html: string, max: number) => {
    const text = htmlToText(html)
    if (text.length <= max) return text
    const cut = text.slice(0, max)
    return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).trim()}…`
  }
  const PIECES = [
    '<p>',
    '</p>',
    '<strong class="x">',
    '</strong>',
    '<a href="https://desa.id/?a=1&amp;b=2">',
    '</a>',
    '&amp;',
    '&lt;',
    '&#x1F33E;',
    '&#8230;',
    '&nbsp;',
    '&hellip;',
    ' ',
    '  ',
    '\n',
    'Panen',
    'raya',
    'desa',
    'Sukamaju',
    'gotong-royong',
    'ÉCOLE',
    '🌾',
    '<br>',
    '<img src="/uploads/posts/a.jpg" alt="Sawah &amp; ladang">',
    '<h2>Judul</h2>',
    'x'.repeat(90),
    '<li>',
    '</li>',
  ]
  it('is the excerpt of the whole text, for articles of every length and shape', () => {
    let seed = 20261124
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    for (let round = 0; round < 800; round++) {
      const parts = Array.from({ length: 1 + random(400) }, () => PIECES[random(PIECES.length)])
      const html = parts.join(random(2) ? '' : ' ')
      for (const max of [120, 160, 300]) expect(excerpt(html, max), html).toBe(wholeExcerpt(html, max))
    }
  })
})
