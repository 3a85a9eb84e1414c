import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { bodyBlocks, indonesianDate, renderLetterPdf } from '~/models/citizen-services/letter-pdf.server'
import { pdfText } from '../support/letter-pdf-text'
import { sampleLetter } from '../support/letter-sample'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

// A 1x1 PNG (a black pixel): the letterhead's logo.
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==', 'base64'),
)

describe('renderLetterPdf', () => {
  it('draws an A4 letter whose every part can be read back as text', async () => {
    const bytes = await renderLetterPdf({ ...sampleLetter, village: { ...sampleLetter.village, logo: PNG } })
    const head = Buffer.from(bytes.subarray(0, 8)).toString('latin1')
    expect(head).toBe('%PDF-1.7')
    const raw = Buffer.from(bytes).toString('latin1')
    expect(raw).toContain('/MediaBox [0 0 595.28 841.89]')
    expect(raw).toMatch(/\/FontFile2/) // the font travels inside the file
    expect(raw).toMatch(/\/Subtype \/Image/) // the logo
    const [page] = await pdfText(bytes)
    for (const text of [
      'PEMERINTAH KABUPATEN CIANJUR',
      'DESA SUKAMAJU',
      'Jl. Raya Sukamaju No. 1',
      'SURAT KETERANGAN DOMISILI',
      'Nomor: 470/007/XII/2026',
      'Siti Rahmawati',
      '3203014508900002',
      'berdomisili',
      'Persyaratan pembukaan rekening bank;',
      'Sukamaju, 6 Desember 2026',
      'Kepala Desa Sukamaju',
      'H. Ahmad Suryana',
      'https://desa-sukamaju.id/verifikasi/Q7k2mP9xR4tV',
    ])
      expect(page).toContain(text)
    expect(page).toMatch(/1\.\s*Persyaratan/)
  })

  it('embeds a WebP logo (as the upload pipeline stores it) drawn into a PNG', async () => {
    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#047857' } })
      .webp()
      .toBuffer()
    const bytes = await renderLetterPdf({ ...sampleLetter, village: { ...sampleLetter.village, logo: webp } })
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/Subtype \/Image/)
  })

  it('gives the same bytes for the same letter, and other bytes for another', async () => {
    const first = await renderLetterPdf(sampleLetter)
    const second = await renderLetterPdf(sampleLetter)
    expect(sha256(second)).toBe(sha256(first))
    const other = await renderLetterPdf({ ...sampleLetter, number: '470/008/XII/2026' })
    expect(sha256(other)).not.toBe(sha256(first))
  })

  it('leaves out the regency line when there is none and a logo it cannot read', async () => {
    const bytes = await renderLetterPdf({
      ...sampleLetter,
      village: { ...sampleLetter.village, regencyName: null, logo: Uint8Array.from([0x3c, 0x73, 0x76, 0x67]) },
    })
    const [page] = await pdfText(bytes)
    expect(page).not.toContain('PEMERINTAH KABUPATEN')
    expect(page).toContain('DESA SUKAMAJU')
    expect(Buffer.from(bytes).toString('latin1')).not.toMatch(/\/Subtype \/Image/)
  })

  it('prints markup in the body as text and runs nothing of it', async () => {
    const bytes = await renderLetterPdf({
      ...sampleLetter,
      bodyHtml:
        '<p>Nama: &lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;Budi&lt;/b&gt;</p>' +
        '<script>alert(2)</script><img src=x onerror="alert(3)"><p><a href="javascript:alert(4)">tautan</a></p>' +
        '<style>p{}</style><iframe src="https://x"></iframe>',
    })
    const [page] = await pdfText(bytes)
    expect(page).toContain('Nama: <script>alert(1)</script> & <b>Budi</b>')
    expect(page).toContain('tautan')
    expect(page).not.toContain('alert(2)')
    expect(page).not.toContain('p{}')
    const raw = Buffer.from(bytes).toString('latin1')
    expect(raw).not.toMatch(/\/JavaScript|\/JS|\/URI|\/Launch/)
  })

  it('flows a long body onto a second page and keeps the signature whole', async () => {
    const paragraph = '<p>' + 'Kalimat panjang yang berulang untuk mengisi halaman surat. '.repeat(12) + '</p>'
    const bytes = await renderLetterPdf({ ...sampleLetter, bodyHtml: paragraph.repeat(7) })
    const pages = await pdfText(bytes)
    expect(pages.length).toBe(2)
    expect(pages[1]).toContain('H. Ahmad Suryana')
    expect(pages[1]).toContain('Kepala Desa Sukamaju')
  })

  it('takes well under a second', async () => {
    await renderLetterPdf(sampleLetter)
    const started = performance.now()
    for (let index = 0; index < 5; index++)
      await renderLetterPdf({ ...sampleLetter, number: `470/00${index}/XII/2026` })
    expect((performance.now() - started) / 5).toBeLessThan(500)
  })
})

describe('the body of a letter', () => {
  it('reads paragraphs, marks, lists and tables of Quill', () => {
    const blocks = bodyBlocks(
      '<p class="ql-align-center"><strong>Tebal</strong> <em>miring</em> <u>garis</u></p>' +
        '<ol><li data-list="bullet">satu</li><li data-list="ordered">dua</li>' +
        '<li data-list="ordered" class="ql-indent-1">dua a</li></ol><p><br></p>' +
        '<table><tr><th>A</th><td>B</td></tr></table>',
    )
    expect(blocks.map((block) => block.kind)).toEqual(['paragraph', 'item', 'item', 'item', 'paragraph', 'table'])
    const first = blocks[0] as Extract<(typeof blocks)[number], { kind: 'paragraph' }>
    expect(first.align).toBe('center')
    expect(first.runs.map((run) => [run.text, run.bold, run.italic, run.underline])).toEqual([
      ['Tebal', true, false, false],
      [' ', false, false, false],
      ['miring', false, true, false],
      [' ', false, false, false],
      ['garis', false, false, true],
    ])
    expect(blocks.slice(1, 4).map((block) => (block.kind === 'item' ? block.marker : ''))).toEqual(['•', '1.', 'a.'])
    const table = blocks[5] as Extract<(typeof blocks)[number], { kind: 'table' }>
    expect(table.rows[0].map((cell) => [cell[0].text, cell[0].bold])).toEqual([
      ['A', true],
      ['B', false],
    ])
  })

  it('spells the date in Indonesian in the village time zone', () => {
    expect(indonesianDate(new Date('2026-12-05T17:30:00Z'), 'Asia/Jakarta')).toBe('6 Desember 2026')
    expect(indonesianDate(new Date('2026-12-05T17:30:00Z'), 'UTC')).toBe('5 Desember 2026')
    expect(indonesianDate(new Date('2027-01-01T00:00:00+07:00'))).toBe('1 Januari 2027')
  })
})
