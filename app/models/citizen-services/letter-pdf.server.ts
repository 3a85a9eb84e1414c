/**
 * The letter itself (docs/api.md, "Letters"; docs/decisions/075-letter-pdf-with-pdfkit-and-dejavu-serif.md): an A4 PDF drawn with PDFKit in DejaVu Serif, embedded
 * (subset) so that it prints the same on every printer and its text can be extracted. The kop surat (logo,
 * `PEMERINTAH KABUPATEN ...`, the village's name and address, a double rule), the type's name in capitals and
 * underlined, `Nomor: ...`, the body from the type's rich text, place and date in Indonesian, the signer, and a QR
 * code of the verification address drawn as vector squares.
 *
 * The same input gives the same bytes (the creation date is the issue date, PDFKit's file ID is a hash of the info
 * dictionary, font subsets are tagged by their order), so a letter's SHA-256 can be recomputed.
 */
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import fs from 'node:fs'
import PDFDocument from 'pdfkit'
import sharp from 'sharp'
import sanitizeHtml from 'sanitize-html'
import { encode } from 'uqr'
import { DEFAULT_TIME_ZONE } from '~/lib/zoned-time'
import { INLINE_MARKS } from '~/utils/sanitize.server'

export type LetterPdfInput = {
  village: {
    name: string
    address: string
    /** The logo's bytes (PNG or JPEG as they are; WebP, GIF or AVIF turned into PNG; anything else left out), or null. */
    logo: Uint8Array | null
    regencyName: string | null
    /** The place written before the date: `Sukamaju, 6 Desember 2026`. */
    place: string
  }
  title: string
  number: string
  /** The type's rich text with its placeholders filled (values escaped): parsed again here, never trusted. */
  bodyHtml: string
  issuedAt: Date
  signer: { name: string; position: string }
  verifyUrl: string
  /** The village's time zone for the date (`TZ`); Asia/Jakarta when omitted. */
  timeZone?: string
}

// A4 in points, and the margins of a village letter (3 cm on the binding side, 2 cm elsewhere).
const PAGE = { width: 595.28, height: 841.89 }
const MARGIN = { top: 45, bottom: 57, left: 85, right: 57 }
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right
const BODY_SIZE = 11
const LINE_GAP = 2
const PARAGRAPH_GAP = 6
const LIST_INDENT = 20

const FONT = {
  regular: 'DejaVuSerif.ttf',
  bold: 'DejaVuSerif-Bold.ttf',
  italic: 'DejaVuSerif-Italic.ttf',
  boldItalic: 'DejaVuSerif-BoldItalic.ttf',
} as const
type Face = keyof typeof FONT

/** A parsed font as PDFKit keeps it (fontkit's object: PDFKit takes one wherever it takes a font file). */
type ParsedFont = { layout: (text: string) => unknown }
let parsedFonts: Record<Face, ParsedFont> | null = null

/**
 * The four faces, read and parsed once per process: parsing DejaVu Serif takes some 20 ms a face, more than drawing
 * a letter. PDFKit parses a font file with fontkit and embeds only the glyphs a letter uses (a subset per
 * document), so the parsed font can serve every letter; it is taken from a first document that opened each face.
 */
function fonts(): Record<Face, ParsedFont> {
  if (!parsedFonts) {
    const require = createRequire(import.meta.url)
    const warm = new PDFDocument({ font: null as unknown as string, autoFirstPage: false })
    const parsed = {} as Record<Face, ParsedFont>
    for (const face of Object.keys(FONT) as Face[]) {
      warm.registerFont(face, fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/' + FONT[face])))
      warm.font(face)
      parsed[face] = (warm as unknown as { _font: { font: ParsedFont } })._font.font
    }
    parsedFonts = parsed
  }
  return parsedFonts
}

const MONTHS = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
]

/** `6 Desember 2026` in the village's time zone (spelled here, not by the ICU data of the machine). */
export function indonesianDate(at: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  return `${Number(parts.day)} ${MONTHS[Number(parts.month) - 1]} ${parts.year}`
}

// ---------------------------------------------------------------------------------------------------------------
// The body: the rich-text subset Quill produces, cleaned by sanitize-html and read into blocks of styled runs.

type Run = { text: string; bold: boolean; italic: boolean; underline: boolean; strike: boolean }
type Align = 'left' | 'center' | 'right' | 'justify'
type Block =
  | { kind: 'paragraph'; runs: Run[]; align: Align; heading: boolean; indent: number }
  | { kind: 'item'; marker: string; runs: Run[]; indent: number }
  | { kind: 'table'; rows: Run[][][] }

const BODY_TAGS = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  ...INLINE_MARKS,
  'span',
  'a',
  'code',
  'sub',
  'sup',
  'ol',
  'ul',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
]

/** Only the tags above, no attributes but Quill's list kind and its alignment and indent classes. */
function cleanBody(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: BODY_TAGS,
    allowedAttributes: { li: ['data-list'], ol: ['start'] },
    allowedClasses: Object.fromEntries(
      ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote'].map((tag) => [
        tag,
        [/^ql-align-(center|right|justify)$/, /^ql-indent-[1-8]$/],
      ]),
    ),
    allowedSchemes: [],
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'svg', 'math'],
  })
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)
  return match ? decodeEntities(match[1]) : undefined
}

function toRoman(value: number): string {
  const numerals: [number, string][] = [
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ]
  let rest = value
  let out = ''
  for (const [amount, numeral] of numerals)
    while (rest >= amount) {
      out += numeral
      rest -= amount
    }
  return out
}

/** The list marker Quill's indent levels use: 1. a. i. then again. */
function orderedMarker(index: number, level: number): string {
  if (level % 3 === 1) return `${String.fromCharCode(97 + ((index - 1) % 26))}.`
  if (level % 3 === 2) return `${toRoman(index)}.`
  return `${index}.`
}

/**
 * The blocks of a body. sanitize-html leaves well-formed markup (lower-case tags, quoted attributes, text escaped),
 * so one pass over tags and text reads it; anything unknown has already gone.
 */
export function bodyBlocks(html: string): Block[] {
  const clean = cleanBody(html)
  const blocks: Block[] = []
  const marks = { bold: 0, italic: 0, underline: 0, strike: 0 }
  const markOf: Record<string, keyof typeof marks> = {
    strong: 'bold',
    b: 'bold',
    th: 'bold',
    h1: 'bold',
    h2: 'bold',
    h3: 'bold',
    h4: 'bold',
    h5: 'bold',
    h6: 'bold',
    em: 'italic',
    i: 'italic',
    u: 'underline',
    s: 'strike',
    strike: 'strike',
  }
  let runs: Run[] = []
  let current: { align: Align; heading: boolean; indent: number; item: boolean; marker: string } | null = null
  const lists: { ordered: boolean; counters: number[] }[] = []
  let table: Run[][][] | null = null
  let row: Run[][] | null = null
  let cell: Run[] | null = null

  const push = (text: string) => {
    const target = cell ?? runs
    target.push({
      text,
      bold: marks.bold > 0,
      italic: marks.italic > 0,
      underline: marks.underline > 0,
      strike: marks.strike > 0,
    })
  }
  const flush = () => {
    const trimmed = trimRuns(runs)
    if (current?.item) blocks.push({ kind: 'item', marker: current.marker, runs: trimmed, indent: current.indent })
    else if (trimmed.length > 0 || current)
      blocks.push({
        kind: 'paragraph',
        runs: trimmed,
        align: current?.align ?? 'justify',
        heading: current?.heading ?? false,
        indent: current?.indent ?? 0,
      })
    runs = []
    current = null
  }

  const tokens = /<(\/?)([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>|([^<]+)/g
  for (const token of clean.matchAll(tokens)) {
    const [, closing, tag, attributes = '', text] = token
    if (text !== undefined) {
      const value = decodeEntities(text).replace(/[\t\r\n]+/g, ' ')
      if (value) push(value)
      continue
    }
    const mark = markOf[tag]
    if (mark) marks[mark] += closing ? -1 : 1
    if (tag === 'br' && !closing) {
      push('\n')
      continue
    }
    if (tag === 'table' || tag === 'tr' || tag === 'td' || tag === 'th') {
      if (!closing) {
        if (tag === 'table') {
          if (runs.length > 0 || current) flush()
          table = []
        } else if (tag === 'tr' && table) row = []
        else if (row) cell = []
      } else if ((tag === 'td' || tag === 'th') && row && cell) {
        row.push(trimRuns(cell))
        cell = null
      } else if (tag === 'tr' && table && row) {
        if (row.length > 0) table.push(row)
        row = null
      } else if (tag === 'table' && table) {
        if (table.length > 0) blocks.push({ kind: 'table', rows: table })
        table = null
      }
      continue
    }
    if (tag === 'ol' || tag === 'ul') {
      if (!closing) {
        if (runs.length > 0 || current) flush()
        lists.push({ ordered: tag === 'ol', counters: [] })
      } else lists.pop()
      continue
    }
    const block = /^(p|h[1-6]|blockquote|pre|li)$/.test(tag)
    if (!block) continue
    if (closing) {
      flush()
      continue
    }
    if (runs.length > 0 || current) flush()
    const classes = attribute(attributes, 'class') ?? ''
    const alignClass = /ql-align-(center|right|justify)/.exec(classes)?.[1] as Align | undefined
    const level = Number(/ql-indent-(\d)/.exec(classes)?.[1] ?? 0)
    if (tag === 'li') {
      const list = lists.at(-1)
      const kind = attribute(attributes, 'data-list')
      const ordered = kind ? kind === 'ordered' : (list?.ordered ?? false)
      const counters = list?.counters ?? []
      // Quill counts only the numbered items of a level; a shallower item starts the deeper levels again.
      counters.length = level + 1
      if (ordered) counters[level] = (counters[level] ?? 0) + 1
      const marker = ordered ? orderedMarker(counters[level], level) : level % 2 === 0 ? '•' : '◦'
      current = { align: 'justify', heading: false, indent: level + 1, item: true, marker }
    } else {
      current = {
        align: alignClass ?? (tag.startsWith('h') ? 'left' : 'justify'),
        heading: tag.startsWith('h'),
        indent: level + (tag === 'blockquote' ? 1 : 0),
        item: false,
        marker: '',
      }
    }
  }
  if (table) {
    if (row && (row as Run[][]).length > 0) table.push(row)
    if (table.length > 0) blocks.push({ kind: 'table', rows: table })
  }
  if (runs.length > 0 || current) flush()
  // Empty paragraphs (Quill's `<p><br></p>`) are a blank line; several in a row are one.
  return blocks.filter(
    (block, index) =>
      block.kind !== 'paragraph' ||
      block.runs.length > 0 ||
      (index > 0 &&
        !(blocks[index - 1].kind === 'paragraph' && (blocks[index - 1] as { runs: Run[] }).runs.length === 0)),
  )
}

/** Leading and trailing spaces and line breaks of a block go; a lone `<br>` makes it empty. */
function trimRuns(runs: Run[]): Run[] {
  const out = runs.map((run) => ({ ...run, text: run.text.replace(/ {2,}/g, ' ') }))
  while (out.length > 0 && !out[0].text.replace(/^[\s\n]+/, '')) out.shift()
  while (out.length > 0 && !out.at(-1)!.text.replace(/[\s\n]+$/, '')) out.pop()
  if (out.length > 0) {
    out[0] = { ...out[0], text: out[0].text.replace(/^[ \n]+/, '') }
    out[out.length - 1] = { ...out.at(-1)!, text: out.at(-1)!.text.replace(/[ \n]+$/, '') }
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// Drawing.

type Doc = PDFKit.PDFDocument

function faceOf(run: Pick<Run, 'bold' | 'italic'>): Face {
  if (run.bold && run.italic) return 'boldItalic'
  if (run.bold) return 'bold'
  if (run.italic) return 'italic'
  return 'regular'
}

/** Room for `height` more points on this page, or a new page. */
function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > PAGE.height - MARGIN.bottom) {
    doc.addPage()
    doc.y = MARGIN.top
  }
}

type Piece = { text: string; face: Face; underline: boolean; strike: boolean; width: number }
/** A word is the pieces between two spaces (`<b>Bu</b>di` is one word of two pieces). */
type Word = { pieces: Piece[]; width: number }
type Line = { words: Word[]; width: number; last: boolean }

/**
 * Styled runs broken into lines `width` wide. PDFKit's own `continued` text loses spaces between runs and justifies
 * each run on its own, so the words are laid out here and drawn one by one.
 */
function layoutRuns(doc: Doc, runs: Run[], width: number, size: number): Line[] {
  doc.fontSize(size)
  const lines: Line[] = []
  const space = doc.font('regular').widthOfString(' ')
  let words: Word[] = []
  let lineWidth = 0
  let word: Word = { pieces: [], width: 0 }
  const endLine = (last: boolean) => {
    lines.push({ words, width: lineWidth, last })
    words = []
    lineWidth = 0
  }
  const endWord = () => {
    if (word.pieces.length === 0) return
    const needed = (words.length > 0 ? space : 0) + word.width
    if (words.length > 0 && lineWidth + needed > width) endLine(false)
    // A word longer than the line (a long address) is cut where the line ends.
    while (word.width > width && word.pieces.length > 0) {
      const [head, tail] = splitWord(doc, word, width)
      words.push(head)
      lineWidth = head.width
      endLine(false)
      word = tail
    }
    lineWidth += (words.length > 0 ? space : 0) + word.width
    words.push(word)
    word = { pieces: [], width: 0 }
  }
  for (const run of runs) {
    const face = faceOf(run)
    for (const part of run.text.split(/( +|\n)/)) {
      if (part === '') continue
      if (part === '\n') {
        endWord()
        endLine(true)
      } else if (part.trim() === '') endWord()
      else {
        const pieceWidth = doc.font(face).widthOfString(part)
        word.pieces.push({ text: part, face, underline: run.underline, strike: run.strike, width: pieceWidth })
        word.width += pieceWidth
      }
    }
  }
  endWord()
  if (words.length > 0) endLine(true)
  return lines
}

function splitWord(doc: Doc, word: Word, width: number): [Word, Word] {
  const head: Word = { pieces: [], width: 0 }
  const rest = [...word.pieces]
  while (rest.length > 0) {
    const piece = rest[0]
    if (head.width + piece.width <= width) {
      head.pieces.push(piece)
      head.width += piece.width
      rest.shift()
      continue
    }
    doc.font(piece.face)
    let cut = 1
    while (cut < piece.text.length && head.width + doc.widthOfString(piece.text.slice(0, cut + 1)) <= width) cut++
    const first = piece.text.slice(0, cut)
    const firstWidth = doc.widthOfString(first)
    head.pieces.push({ ...piece, text: first, width: firstWidth })
    head.width += firstWidth
    rest[0] = { ...piece, text: piece.text.slice(cut), width: piece.width - firstWidth }
    break
  }
  return [head, { pieces: rest, width: rest.reduce((sum, piece) => sum + piece.width, 0) }]
}

const lineHeight = (doc: Doc, size: number) => doc.fontSize(size).font('regular').currentLineHeight(true) + LINE_GAP

/** Styled runs as one flowing paragraph at (x, doc.y), `width` wide; a page break between lines when needed. */
function drawRuns(doc: Doc, runs: Run[], x: number, width: number, align: Align, size = BODY_SIZE) {
  if (runs.length === 0) return
  const step = lineHeight(doc, size)
  const space = doc.fontSize(size).font('regular').widthOfString(' ')
  for (const line of layoutRuns(doc, runs, width, size)) {
    ensureSpace(doc, step)
    const free = width - line.width
    const gaps = line.words.length - 1
    const extra = align === 'justify' && !line.last && gaps > 0 ? free / gaps : 0
    let left = x + (align === 'center' ? free / 2 : align === 'right' ? free : 0)
    const top = doc.y
    for (const word of line.words) {
      for (const piece of word.pieces) {
        doc
          .font(piece.face)
          .fontSize(size)
          .text(piece.text, left, top, { lineBreak: false, underline: piece.underline, strike: piece.strike })
        left += piece.width
      }
      left += space + extra
    }
    doc.y = top + step
  }
}

function runsHeight(doc: Doc, runs: Run[], width: number): number {
  return layoutRuns(doc, runs, width, BODY_SIZE).length * lineHeight(doc, BODY_SIZE)
}

function drawTable(doc: Doc, rows: Run[][][], x: number, width: number) {
  const columns = Math.max(...rows.map((row) => row.length))
  doc.fontSize(BODY_SIZE)
  // Each column as wide as its widest cell (a `Nama | : | ...` table), the last one taking what is left; when the
  // cells want more than the page has, equal columns.
  const natural = Array.from({ length: columns }, (_, column) =>
    Math.max(
      0,
      ...rows.map((row) => {
        const runs = row[column] ?? []
        return runs.reduce((sum, run) => sum + doc.font(faceOf(run)).widthOfString(run.text), 0) + 8
      }),
    ),
  )
  const fixed = natural.slice(0, -1).reduce((sum, value) => sum + value, 0)
  const widths =
    fixed < width * 0.7
      ? [...natural.slice(0, -1), width - fixed]
      : Array.from({ length: columns }, () => width / columns)
  for (const row of rows) {
    const height = Math.max(
      ...row.map((runs, column) => runsHeight(doc, runs, widths[column] - 4)),
      lineHeight(doc, BODY_SIZE),
    )
    ensureSpace(doc, height)
    const top = doc.y
    let left = x
    row.forEach((runs, column) => {
      doc.y = top
      drawRuns(doc, runs, left, widths[column] - 4, 'left')
      left += widths[column]
    })
    doc.y = top + height + 2
  }
}

function drawBody(doc: Doc, blocks: Block[]) {
  blocks.forEach((block, index) => {
    if (block.kind === 'table') {
      drawTable(doc, block.rows, MARGIN.left, CONTENT_WIDTH)
      doc.y += PARAGRAPH_GAP
      return
    }
    const indent = block.indent * LIST_INDENT
    if (block.kind === 'item') {
      const x = MARGIN.left + indent
      ensureSpace(doc, lineHeight(doc, BODY_SIZE))
      const top = doc.y
      doc
        .font('regular')
        .fontSize(BODY_SIZE)
        .text(block.marker, x - LIST_INDENT + 2, top, { lineBreak: false })
      doc.y = top
      if (block.runs.length > 0) drawRuns(doc, block.runs, x, CONTENT_WIDTH - indent, 'justify')
      else doc.y += lineHeight(doc, BODY_SIZE)
      // The list's end is a paragraph's end.
      doc.y += blocks[index + 1]?.kind === 'item' ? 1 : PARAGRAPH_GAP
      return
    }
    const size = block.heading ? BODY_SIZE + 1 : BODY_SIZE
    if (block.runs.length === 0) {
      doc.y += lineHeight(doc, size)
      return
    }
    // A heading or a paragraph's first line is not left alone at the foot of a page.
    ensureSpace(doc, lineHeight(doc, size) * 2)
    drawRuns(doc, block.runs, MARGIN.left + indent, CONTENT_WIDTH - indent, block.align, size)
    doc.y += PARAGRAPH_GAP
  })
}

/** The kop surat: logo on the left, the lines centred on the page, a thick and a thin rule under them. */
function drawLetterhead(doc: Doc, village: LetterPdfInput['village'], logo: Buffer | null) {
  const logoSize = 68
  const top = MARGIN.top
  if (logo) {
    try {
      doc.image(logo, MARGIN.left, top, { fit: [logoSize, logoSize], align: 'center' })
    } catch {
      // A logo PDFKit cannot read leaves the letterhead without it, never the villager without a letter.
    }
  }
  const textLeft = MARGIN.left + logoSize + 6
  const textWidth = PAGE.width - MARGIN.right - textLeft
  doc.y = top + 2
  const line = (text: string, face: Face, size: number) => {
    doc.font(face).fontSize(size).text(text, textLeft, doc.y, { width: textWidth, align: 'center', lineGap: 1 })
  }
  if (village.regencyName) line(`PEMERINTAH KABUPATEN ${village.regencyName.toUpperCase()}`, 'bold', 13)
  line(village.name.toUpperCase(), 'bold', village.regencyName ? 15 : 16)
  if (village.address) line(village.address, 'regular', 9.5)
  const ruleY = Math.max(doc.y + 4, top + logoSize + 6)
  doc
    .lineWidth(2.2)
    .moveTo(MARGIN.left, ruleY)
    .lineTo(PAGE.width - MARGIN.right, ruleY)
    .stroke()
    .lineWidth(0.7)
    .moveTo(MARGIN.left, ruleY + 3.5)
    .lineTo(PAGE.width - MARGIN.right, ruleY + 3.5)
    .stroke()
  doc.y = ruleY + 18
}

const logoCache = new Map<string, Buffer | null>()

/**
 * The logo as PDFKit embeds it: PNG and JPEG as they are; another picture (the upload pipeline stores WebP) drawn
 * into a PNG by sharp, remembered by its hash (a village has one logo; a few villages' are kept); null when it is
 * no picture.
 */
async function embeddableLogo(bytes: Uint8Array | null): Promise<Buffer | null> {
  if (!bytes || bytes.length === 0) return null
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (isRasterImage(buffer)) return buffer
  const key = createHash('sha256').update(buffer).digest('hex')
  if (logoCache.has(key)) return logoCache.get(key)!
  const png = await sharp(buffer, { limitInputPixels: 40_000_000 })
    .resize(400, 400, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer()
    .catch(() => null)
  if (logoCache.size >= 16) logoCache.delete(logoCache.keys().next().value!)
  logoCache.set(key, png)
  return png
}

/** PNG or JPEG by their first bytes (the only pictures PDFKit embeds). */
function isRasterImage(bytes: Uint8Array): boolean {
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
  return png || jpeg
}

/** The QR code of `text` as filled squares (one rectangle per run of dark modules in a row). */
function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const qr = encode(text, { ecc: 'M', border: 0 })
  const module = size / qr.size
  qr.data.forEach((row, rowIndex) => {
    let start = -1
    for (let column = 0; column <= row.length; column++) {
      const dark = column < row.length && row[column]
      if (dark && start < 0) start = column
      if (!dark && start >= 0) {
        // A hair wider than the module so that no white seam shows between neighbouring rectangles.
        doc.rect(x + start * module, y + rowIndex * module, (column - start) * module + 0.05, module + 0.05)
        start = -1
      }
    }
  })
  doc.fillColor('black').fill()
}

/** Place and date, the signer with room for a signature and stamp, and the QR code on the left. */
function drawSignature(doc: Doc, input: LetterPdfInput) {
  const qrSize = 78
  const line = lineHeight(doc, BODY_SIZE)
  const blockHeight = line * 5 + 62
  doc.y += 10
  ensureSpace(doc, Math.max(blockHeight, qrSize + 30))
  const top = doc.y
  const columnLeft = MARGIN.left + CONTENT_WIDTH * 0.52
  const columnWidth = CONTENT_WIDTH * 0.48
  const centred = { width: columnWidth, align: 'center' as const, lineGap: LINE_GAP }
  doc.font('regular').fontSize(BODY_SIZE)
  doc.text(`${input.village.place}, ${indonesianDate(input.issuedAt, input.timeZone)}`, columnLeft, top, centred)
  doc.text(input.signer.position, columnLeft, doc.y, centred)
  doc.y += 62
  doc.font('bold').text(input.signer.name, columnLeft, doc.y, { ...centred, underline: true })

  const qrTop = top + 4
  drawQr(doc, input.verifyUrl, MARGIN.left, qrTop, qrSize)
  doc
    .font('regular')
    .fontSize(7)
    .text('Pindai untuk memeriksa keaslian surat ini:', MARGIN.left, qrTop + qrSize + 5, {
      width: columnLeft - MARGIN.left - 12,
    })
    .text(input.verifyUrl, { width: columnLeft - MARGIN.left - 12 })
}

/** The letter's PDF bytes. */
export async function renderLetterPdf(input: LetterPdfInput): Promise<Uint8Array> {
  const faces = fonts()
  const logo = await embeddableLogo(input.village.logo)
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    // No default font: PDFKit would otherwise read Helvetica's metrics from its own folder.
    font: null as unknown as string,
    pdfVersion: '1.7',
    compress: true,
    info: {
      Title: `${input.title} ${input.number}`,
      Author: input.village.name,
      Creator: 'Balai Desa',
      Producer: 'Balai Desa (PDFKit)',
      CreationDate: input.issuedAt,
    },
    lang: 'id-ID',
  })
  for (const face of Object.keys(faces) as Face[]) doc.registerFont(face, faces[face] as unknown as Buffer)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve())
    doc.on('error', reject)
  })

  drawLetterhead(doc, input.village, logo)
  doc
    .font('bold')
    .fontSize(12.5)
    .text(input.title.toUpperCase(), MARGIN.left, doc.y, { width: CONTENT_WIDTH, align: 'center', underline: true })
  doc
    .font('regular')
    .fontSize(BODY_SIZE)
    .text(`Nomor: ${input.number}`, MARGIN.left, doc.y + 1, { width: CONTENT_WIDTH, align: 'center' })
  doc.y += 16
  drawBody(doc, bodyBlocks(input.bodyHtml))
  drawSignature(doc, input)

  doc.end()
  await done
  const bytes = Buffer.concat(chunks)
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
