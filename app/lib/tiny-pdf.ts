/**
 * A tiny PDF writer: one A4 page per entry of `pages`, each a few lines of Helvetica text, with a correct
 * cross-reference table, so that any PDF reader (and our own check, app/utils/pdf.server.ts) opens it. The demo
 * village's documents are made with it (app/models/site/seed.server.ts), and so are the tests' PDFs: `javascript` adds
 * an OpenAction script, `attachment` an embedded file, `padding` bytes of an unused stream (a large file); `mediaBox`
 * sets the pages' size in points and `deflatedContent` replaces the first page's text with these zlib-compressed
 * bytes (a PDF built to be slow to open: tests/api/documents.test.ts).
 */

export type TinyPdf = {
  pages: string[][]
  title?: string
  javascript?: string
  attachment?: { name: string; text: string }
  padding?: number
  mediaBox?: [number, number, number, number]
  deflatedContent?: Buffer
}

/** Text as a PDF literal string: WinAnsi bytes, with `\`, `(` and `)` escaped. */
const literal = (text: string) =>
  `(${text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[\\()]/g, (c) => `\\${c}`)})`

export function tinyPdf(spec: TinyPdf): Buffer {
  const objects: (string | Buffer)[] = []
  const add = (body: string | Buffer) => objects.push(body) // its number is objects.length
  const stream = (dictionary: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream', 'latin1'),
    ])

  // 1 catalog, 2 pages, 3 font; then the pages and their contents; then the extras.
  const pageCount = Math.max(1, spec.pages.length)
  const firstPage = 4
  const kids = Array.from({ length: pageCount }, (_, index) => `${firstPage + index * 2} 0 R`).join(' ')
  const extras: string[] = []
  let next = firstPage + pageCount * 2
  let openAction = ''
  let names = ''
  let javascriptObject: number | undefined
  let fileObject: number | undefined
  let specObject: number | undefined
  let paddingObject: number | undefined
  if (spec.javascript !== undefined) {
    javascriptObject = next++
    openAction = ` /OpenAction ${javascriptObject} 0 R`
  }
  if (spec.attachment) {
    fileObject = next++
    specObject = next++
    names = ` /Names << /EmbeddedFiles << /Names [${literal(spec.attachment.name)} ${specObject} 0 R] >> >>`
  }
  if (spec.padding) paddingObject = next++
  const info = spec.title ? next++ : undefined

  add(`<< /Type /Catalog /Pages 2 0 R${openAction}${names} >>`)
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`)
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  for (let index = 0; index < pageCount; index++) {
    const lines = spec.pages[index] ?? []
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [${(spec.mediaBox ?? [0, 0, 595, 842]).join(' ')}] /Resources << /Font << /F1 3 0 R >> >> /Contents ` +
        `${firstPage + index * 2 + 1} 0 R >>`,
    )
    const text = lines
      .map((line, at) => `BT /F1 ${at === 0 ? 18 : 11} Tf 56 ${780 - at * 22} Td ${literal(line)} Tj ET`)
      .join('\n')
    // A frame around the page, so the preview shows where the page ends.
    if (index === 0 && spec.deflatedContent) add(stream('/Filter /FlateDecode', spec.deflatedContent))
    else add(stream('', Buffer.from(`0.2 0.5 0.3 RG 2 w 28 28 539 786 re S\n${text}`, 'latin1')))
  }
  if (javascriptObject !== undefined) extras.push(`<< /Type /Action /S /JavaScript /JS ${literal(spec.javascript!)} >>`)
  if (fileObject !== undefined) {
    extras.push('') // placeholder, replaced below by the stream
    extras.push(
      `<< /Type /Filespec /F ${literal(spec.attachment!.name)} /UF ${literal(spec.attachment!.name)} /EF << /F ` +
        `${fileObject} 0 R >> >>`,
    )
  }
  for (const extra of extras) add(extra)
  if (fileObject !== undefined)
    objects[fileObject - 1] = stream('/Type /EmbeddedFile', Buffer.from(spec.attachment!.text))
  if (paddingObject !== undefined) add(stream('', Buffer.alloc(spec.padding!, 0x20)))
  if (info !== undefined) add(`<< /Title ${literal(spec.title!)} /Producer (Balai Desa) >>`)

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  let offset = parts[0].length
  const offsets: number[] = []
  objects.forEach((body, index) => {
    offsets.push(offset)
    const bytes = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ])
    parts.push(bytes)
    offset += bytes.length
  })
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R${info !== undefined ? ` /Info ${info} 0 R` : ''} >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n')
  parts.push(Buffer.from(xref, 'latin1'))
  return Buffer.concat(parts)
}
