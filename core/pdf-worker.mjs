// The PDF worker (docs/decisions/062): a child process of the server that opens PDFs with PDF.js and draws their first
// page with @napi-rs/canvas, so that neither is ever loaded in the process that answers requests (PDF.js's legacy
// build replaces JSON.parse, JSON.stringify and a dozen other globals with core-js's), and so that a PDF built to be
// slow can be stopped: app/utils/pdf.server.ts kills this process when a file takes too long, and the process ends
// itself when it holds too much memory. It is started with no environment (no secret reaches it) and takes one file
// at a time over its IPC channel:
//   in:  { id, path }                       the staged upload to read (its first and last bytes are checked already)
//   out: { id, invalid: message }           not a PDF PDF.js can read, or a page no PDF may have: a 422 on File
//        { id, checked: { pages, activeContent } }   the check passed; the preview follows
//        { id, preview: Uint8Array | null }  the first page as a PNG (null when it could not be drawn)
import fsp from 'node:fs/promises'

/** Resident memory beyond which the worker ends itself (exit code MEMORY_EXIT); its heap has a lower limit too. */
const MEMORY_LIMIT = Number(process.argv[2] || 512) * 1024 * 1024
const MEMORY_EXIT = 75 // app/utils/pdf.server.ts knows it

/** The largest page PDF allows (ISO 32000, Annex C: 14,400 units, 200 inches, a side), UserUnit included. */
const MAX_PAGE_SIDE = 14_400
/** The preview: 800 px wide at most, and at most twice as tall as that (a very tall page is drawn narrower). */
const PREVIEW_WIDTH = 800
const PREVIEW_HEIGHT = 1_600
/** Images above this many pixels are left out of the preview (a 600 dpi A4 scan has 35 million). */
const MAX_IMAGE_PIXELS = 64 * 1024 * 1024

/** Names that only active content uses, looked for in the raw bytes as well (PDF.js reads the structure too). */
const ACTIVE_NAMES = /\/(?:JavaScript|JS|EmbeddedFile|EmbeddedFiles|Launch|RichMedia|XFA)\b/

const DAMAGED = 'File is damaged or not a valid PDF document'

// Checked often: PDF.js reads streams and draws pages in short slices, so this timer runs between them.
setInterval(() => {
  if (process.memoryUsage.rss() > MEMORY_LIMIT) process.exit(MEMORY_EXIT)
}, 50).unref()

// The server gone (or done with this worker): nothing left to do.
process.on('disconnect', () => process.exit(0))

const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
// PDF.js's own worker half, loaded now rather than at the first file (it runs in this process: `pdfjsWorker`).
globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs')
const { createCanvas } = await import('@napi-rs/canvas')

const send = (message) => process.send?.(message)

process.on('message', (job) => {
  inspect(job).catch(() => send({ id: job.id, invalid: DAMAGED }))
})
send({ ready: true })

async function inspect({ id, path }) {
  const data = new Uint8Array(await fsp.readFile(path))
  const rawActive = ACTIVE_NAMES.test(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1'))
  const task = getDocument({
    data,
    stopAtErrors: true,
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    verbosity: 0,
  })
  try {
    let document
    let page
    try {
      document = await task.promise
      if (document.numPages < 1) throw new Error('no page')
      page = await document.getPage(1)
    } catch {
      return send({ id, invalid: DAMAGED })
    }
    // The page's size in points, UserUnit and rotation applied.
    const base = page.getViewport({ scale: 1 })
    if (!(base.width <= MAX_PAGE_SIDE && base.height <= MAX_PAGE_SIDE)) {
      return send({ id, invalid: 'File has a page larger than a PDF page may be (200 inches a side)' })
    }
    try {
      await page.getOperatorList()
    } catch {
      return send({ id, invalid: DAMAGED })
    }
    const [scripts, attachments] = await Promise.all([
      document.getJSActions().catch(() => null),
      document.getAttachments().catch(() => null),
    ])
    const activeContent =
      rawActive ||
      (!!scripts && Object.keys(scripts).length > 0) ||
      (!!attachments && Object.keys(attachments).length > 0)
    send({ id, checked: { pages: document.numPages, activeContent } })
    send({ id, preview: await drawn(page, base) })
  } finally {
    await task.destroy().catch(() => undefined)
  }
}

/** The page as a PNG at most PREVIEW_WIDTH x PREVIEW_HEIGHT pixels on white, or null when it cannot be drawn. */
async function drawn(page, base) {
  try {
    const scale = Math.min(2, PREVIEW_WIDTH / base.width, PREVIEW_HEIGHT / base.height)
    const viewport = page.getViewport({ scale })
    const width = Math.min(PREVIEW_WIDTH, Math.max(1, Math.round(viewport.width)))
    const height = Math.min(PREVIEW_HEIGHT, Math.max(1, Math.round(viewport.height)))
    const canvas = createCanvas(width, height)
    const context = canvas.getContext('2d')
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
    await page.render({ canvasContext: context, canvas, viewport }).promise
    return new Uint8Array(await canvas.encode('png'))
  } catch {
    return null
  }
}
