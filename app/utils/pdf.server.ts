import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { log } from '#core/log.mjs'
import { getEnv } from './config.server'
import { HttpError, validationError } from './http.server'
import { workSlots } from './work-slots.server'

/**
 * PDFs judged by their content (docs/api.md "Documents and public information"; decisions 046 and 062): the file
 * must start with `%PDF-`, end with `%%EOF` (a cut-off file does not), and open in PDF.js (Mozilla's maintained
 * reader, with `stopAtErrors`, scripts never evaluated) with a first page it can read, no larger than PDF allows.
 * Anything else is a 422 on `File`: a renamed picture, an HTML page, a damaged PDF. The same reader draws the first
 * page as the preview picture (@napi-rs/canvas, Skia) and tells whether the file holds JavaScript actions or
 * embedded files.
 *
 * PDF.js runs in a child process, core/pdf-worker.mjs, never in this one (its legacy build replaces JSON.stringify
 * and other globals, and a PDF built to be slow would stall every village of the install): one file at a time, with
 * a time limit (the worker is killed) and a memory limit (the worker ends itself). A file that overruns either is a
 * 422 on `File`, or, when only its preview overran, is stored without one. The worker is kept for the next upload
 * (starting one costs about half a second, a small file then 0.05 to 0.3 s) until it has been idle a minute, and
 * started anew after a kill.
 */

const notPdf = (message = 'File must be a PDF document') => validationError({ File: message })
const DAMAGED = 'File is damaged or not a valid PDF document'
const TOO_LONG = 'File takes too long to read: it may be damaged or built to overload the server'
const TOO_LARGE = 'File needs too much memory to read: it may be damaged or built to overload the server'
const CRASHED = 'File could not be read: it may be damaged or built to overload the server'

/** How long one file may take, preview included (a large scanned PDF takes about a second). */
export const PDF_TIME_LIMIT_MS = 6_000
/** The worker's resident memory limit, and its JavaScript heap's (PDF.js keeps decoded streams outside the heap). */
const MEMORY_LIMIT_MB = 512
const HEAP_LIMIT_MB = 384
/** The worker's exit code when it ends itself over MEMORY_LIMIT_MB (core/pdf-worker.mjs). */
const MEMORY_EXIT = 75
/** How long a worker may take to start (loading PDF.js and Skia), and how long it is kept idle. */
const START_LIMIT_MS = 30_000
const IDLE_MS = 60_000

/** One file at a time: the worker is one process, and each file may use its whole memory limit. */
const withSlot = workSlots(1)

/**
 * core/pdf-worker.mjs in the nearest folder above this module (app/utils/ in development, the build's server/ folder
 * in production), else in the working directory (a BUILD_DIR outside the checkout; the server runs from its root).
 */
function findWorker(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'core', 'pdf-worker.mjs')
    if (fs.existsSync(candidate)) return candidate
    if (path.dirname(dir) === dir) break
  }
  const candidate = path.resolve('core', 'pdf-worker.mjs')
  if (fs.existsSync(candidate)) return candidate
  throw new Error(`core/pdf-worker.mjs is neither above ${from} nor in ${process.cwd()}`)
}

let workerScript: string | undefined

type Worker = { child: ChildProcess; ready: Promise<void>; idle?: NodeJS.Timeout }
let worker: Worker | undefined

type Message =
  | { ready: true }
  | { id: number; invalid: string }
  | { id: number; checked: { pages: number; activeContent: boolean } }
  | { id: number; preview: Uint8Array | null }

function startWorker(): Worker {
  workerScript ??= findWorker(path.dirname(fileURLToPath(import.meta.url)))
  const child = fork(workerScript, [String(MEMORY_LIMIT_MB)], {
    // No environment: no secret of the server's reaches the process that reads strangers' files.
    env: { NODE_ENV: 'production' },
    execArgv: [`--max-old-space-size=${HEAP_LIMIT_MB}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  })
  const started: Worker = {
    child,
    ready: new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error('the PDF worker did not start in time')), START_LIMIT_MS)
      const fail = (error: Error) => {
        clearTimeout(timer)
        child.kill('SIGKILL')
        reject(error)
      }
      child.once('error', fail)
      child.once('exit', (code, signal) => fail(new Error(`the PDF worker ended at start (${signal ?? code})`)))
      child.on('message', function onReady(message: Message) {
        if (!('ready' in message)) return
        clearTimeout(timer)
        child.off('message', onReady)
        resolve()
      })
    }),
  }
  // Whatever way it ends, the next file gets a new one.
  child.once('exit', () => {
    if (worker === started) worker = undefined
  })
  // An idle worker never keeps the server running.
  child.unref()
  child.channel?.unref()
  return started
}

/** Hands the file to the worker and waits for its verdict, within the time limit. */
async function inWorker(file: string): Promise<PdfInspection> {
  const current = (worker ??= startWorker())
  clearTimeout(current.idle)
  try {
    await current.ready
  } catch (error) {
    if (worker === current) worker = undefined
    throw error
  }
  const { child } = current
  child.channel?.ref()
  const id = nextJob++
  try {
    return await new Promise<PdfInspection>((resolve, reject) => {
      let checked: { pages: number; activeContent: boolean } | undefined
      const settle = (outcome: () => void) => {
        clearTimeout(timer)
        child.off('message', onMessage)
        child.off('exit', onExit)
        outcome()
      }
      // After the check, a preview that overran leaves the document without one.
      const overran = (reason: string, refusal: string, details: object = {}) => {
        log.warn({ event: 'pdf-worker', reason, checked: !!checked, ...details }, 'a PDF overran the worker')
        settle(() => (checked ? resolve({ ...checked, preview: null }) : reject(notPdf(refusal))))
      }
      const onMessage = (message: Message) => {
        if (!('id' in message) || message.id !== id) return
        if ('invalid' in message) settle(() => reject(notPdf(message.invalid)))
        else if ('checked' in message) checked = message.checked
        else if (checked) {
          const preview = message.preview ? Buffer.from(message.preview) : null
          settle(() => resolve({ ...checked!, preview }))
        }
      }
      const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
        code === MEMORY_EXIT || signal === 'SIGABRT' || code === 134
          ? overran('memory', TOO_LARGE)
          : overran('exit', CRASHED, { code, signal })
      const timer = setTimeout(() => {
        child.off('exit', onExit)
        // Not handed the next file while it dies.
        if (worker === current) worker = undefined
        child.kill('SIGKILL')
        overran('time', TOO_LONG)
      }, PDF_TIME_LIMIT_MS)
      child.on('message', onMessage)
      child.on('exit', onExit)
      child.send({ id, path: file })
    })
  } finally {
    if (worker === current) {
      child.channel?.unref()
      current.idle = setTimeout(() => {
        if (worker === current) worker = undefined
        child.disconnect()
      }, IDLE_MS).unref()
    }
  }
}
let nextJob = 1

export type PdfInspection = {
  pages: number
  /** JavaScript actions (document, open action, pages, annotations) or embedded files. */
  activeContent: boolean
  /** The first page as a PNG, or null when it could not be drawn (the document is stored all the same). */
  preview: Buffer | null
}

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
 * whole PDF, or one built to overload the server.
 */
export async function inspectPdf(path: string, size: number): Promise<PdfInspection> {
  if (size < 16) throw notPdf()
  const { head, tail } = await ends(path, size)
  if (!head.toString('latin1').startsWith('%PDF-')) throw notPdf()
  if (!tail.toString('latin1').includes('%%EOF')) throw notPdf(DAMAGED)
  // One being read, PDF_QUEUE_MAX waiting: one more would wait behind up to 6 s each of them (decision 065).
  if (inLine > getEnv().PDF_QUEUE_MAX) throw busy(inLine)
  inLine++
  try {
    return await withSlot(() => inWorker(path))
  } finally {
    inLine--
  }
}

/** The files of this process in line for the worker, the one it reads included (of every village: one worker). */
let inLine = 0

/** The 503 of an upload that finds the line full, with the longest it could have had to wait. */
const busy = (files: number) =>
  new HttpError(
    503,
    'Service Unavailable',
    { File: 'The server is reading other PDF files; try again in a minute' },
    { 'Retry-After': String(Math.ceil((files * PDF_TIME_LIMIT_MS) / 1000)) },
  )
