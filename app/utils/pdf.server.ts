import fsp from 'node:fs/promises'
import { createCanvas } from '@napi-rs/canvas'
import { validationError } from './http.server'
import { workSlots } from './work-slots.server'

/**
 * PDFs judged by their content (docs/api.md "Documents and public information"; decision 046): the file must start
 * with `%PDF-`, end with `%%EOF` (a cut-off file does not), and open in PDF.js (Mozilla's maintained reader, run on
 * the server with `stopAtErrors`, scripts never evaluated) with a first page it can read. Anything else is a 422 on
 * `File`: a renamed picture, an HTML page, a damaged PDF. The same reader draws the first page as the preview picture
 * (@napi-rs/canvas, Skia) and tells whether the file holds JavaScript actions or embedded files.
 */

const notPdf = (message = 'File must be a PDF document') => validationError({ File: message })

/** PDF.js's Node build, loaded once on first use (it is large, and most requests never need it). */
let reader: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined
const pdfjs = () => (reader ??= import('pdfjs-dist/legacy/build/pdf.mjs'))

/** Opening and drawing a large PDF takes memory and time: a few at a time, the rest wait their turn. */
const withSlot = workSlots(2)

/** The preview's width in pixels (the detail page shows it at most this wide). */
const PREVIEW_WIDTH = 800

export type PdfInspection = {
  pages: number
  /** JavaScript actions (document, open action, pages, annotations) or embedded files. */
  activeContent: boolean
  /** The first page as a PNG, or null when it could not be drawn (the document is stored all the same). */
  preview: Buffer | null
}

/** Names that only active content uses, looked for in the raw bytes as well (PDF.js reads the structure too). */
const ACTIVE_NAMES = /\/(?:JavaScript|JS|EmbeddedFile|EmbeddedFiles|Launch|RichMedia|XFA)\b/

/** The first and last bytes of a file, without reading the rest. */
async function ends(path: string, size: number): Promise<{ head: Buffer; tail: Buffer }> {
  const handle = await fsp.open(path, 'r')
  try {
    const head = Buffer.alloc(Math.min(8, size))
    await handle.read(head, 0, head.length, 0)
    const tail = Buffer.alloc(Math.min(1024, size))
    await handle.read(tail, 0, tail.length, size - tail.length)
    return { head, tail }
  } finally {
    await handle.close()
  }
}

/**
 * Checks the staged file at `path` (`size` bytes) and returns what it holds; throws the 422 on `File` when it is no
 * whole PDF.
 */
export async function inspectPdf(path: string, size: number): Promise<PdfInspection> {
  if (size < 16) throw notPdf()
  const { head, tail } = await ends(path, size)
  if (!head.toString('latin1').startsWith('%PDF-')) throw notPdf()
  if (!tail.toString('latin1').includes('%%EOF')) throw notPdf('File is damaged or not a valid PDF document')
  return withSlot(async () => {
    const { getDocument } = await pdfjs()
    const data = new Uint8Array(await fsp.readFile(path))
    const rawActive = ACTIVE_NAMES.test(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1'))
    const task = getDocument({
      data,
      stopAtErrors: true,
      isEvalSupported: false,
      enableXfa: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
    })
    try {
      let document
      let page
      try {
        document = await task.promise
        if (document.numPages < 1) throw new Error('no page')
        page = await document.getPage(1)
        await page.getOperatorList()
      } catch {
        throw notPdf('File is damaged or not a valid PDF document')
      }
      const [scripts, attachments] = await Promise.all([
        document.getJSActions().catch(() => null),
        document.getAttachments().catch(() => null),
      ])
      const activeContent =
        rawActive ||
        (!!scripts && Object.keys(scripts).length > 0) ||
        (!!attachments && Object.keys(attachments).length > 0)
      let preview: Buffer | null = null
      try {
        const base = page.getViewport({ scale: 1 })
        const viewport = page.getViewport({ scale: Math.min(2, PREVIEW_WIDTH / base.width) })
        const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)))
        const context = canvas.getContext('2d')
        context.fillStyle = '#ffffff'
        context.fillRect(0, 0, canvas.width, canvas.height)
        await page.render({
          canvasContext: context as unknown as CanvasRenderingContext2D,
          canvas: canvas as unknown as HTMLCanvasElement,
          viewport,
        }).promise
        preview = await canvas.encode('png')
      } catch {
        preview = null
      }
      return { pages: document.numPages, activeContent, preview }
    } finally {
      await task.destroy().catch(() => undefined)
    }
  })
}
