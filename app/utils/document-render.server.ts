import type { EntryContext } from '@remix-run/node'
import type { ReactElement } from 'react'
import { renderToPipeableStream, renderToString } from 'react-dom/server'

/**
 * A page rendered into one string, not a stream (decision 088). Our pages hold no deferred data, so nothing streams
 * early, and React's stream writer pays for it on every page: it encodes each of its thousands of small strings into
 * a 2 KB byte view on its own (`TextEncoder.encodeInto`), 11% of an uncached list page's CPU, where its string
 * renderer joins strings. The one thing a page still waits for is Remix's hydration data, a stream Remix renders by
 * suspending on each of its chunks (`StreamTransfer`); it is read here first, whole, into the render's stream cache
 * (`renderMeta.streamCache`, typed in Remix's `EntryContext`), so that nothing suspends and the string renderer
 * writes exactly the markup the stream renderer would have written.
 */

/** How long the stream renderer waits for a part that suspended. */
export const ABORT_DELAY = 5_000

/** React's mark of a Suspense boundary whose content the string renderer left to the browser. */
const LEFT_TO_BROWSER = '<!--$!-->'

/** What `renderToString` leaves out and the stream renderer writes when the root is `<html>`. */
const DOCTYPE = '<!DOCTYPE html>'

/**
 * Reads Remix's hydration data for this page, all of it, into the render's stream cache, the chunks as Remix's
 * `StreamTransfer` reads and keeps them (decoded, in order, the last one `done`). The stream is released unread
 * further, so RemixServer can still take a reader of it (which then reads nothing). The answer's `check`, after the
 * render, throws when the render wrote Remix's scripts but did not take every chunk from the cache: a Remix that no
 * longer reads it would send pages without their data, and this fails them instead (decision 088).
 */
export async function readHydrationData(context: EntryContext): Promise<{ check: () => void }> {
  const stream = context.serverHandoffStream
  if (!stream) return { check() {} }
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  const cache: NonNullable<NonNullable<EntryContext['renderMeta']>['streamCache']> = {}
  let last = -1
  let taken = -1
  try {
    for (let identifier = 0; ; identifier++) {
      const { done, value } = await reader.read()
      const chunk = Object.assign(Promise.resolve(), {
        result: { done, value: decoder.decode(value, { stream: true }) },
      })
      Object.defineProperty(cache, identifier, {
        enumerable: true,
        get() {
          taken = Math.max(taken, identifier)
          return chunk
        },
      })
      last = identifier
      if (done) break
    }
  } finally {
    reader.releaseLock()
  }
  context.renderMeta ??= {}
  context.renderMeta.streamCache = cache
  return {
    check() {
      if (context.renderMeta?.didRenderScripts && taken !== last)
        throw new Error(
          `Remix took ${taken + 1} of the ${last + 1} chunks of hydration data from renderMeta.streamCache: ` +
            'it no longer renders them as app/utils/document-render.server.ts expects (decision 088)',
        )
    },
  }
}

/**
 * The document of `element` as bytes: the string renderer's, unless something in it suspended (then React left that
 * part to the browser, and the page is rendered again by the stream renderer, which waits for it).
 */
export async function renderDocument(
  element: () => ReactElement,
  { nonce, onError }: { nonce?: string; onError: (error: unknown) => void },
): Promise<Buffer<ArrayBuffer>> {
  const text = renderToString(element())
  if (!text.includes(LEFT_TO_BROWSER)) return Buffer.from(text.startsWith('<html') ? DOCTYPE + text : text)
  return renderStreamed(element(), { nonce, onError })
}

/** The stream renderer's document, whole, once everything in it is ready. */
export function renderStreamed(
  element: ReactElement,
  { nonce, onError }: { nonce?: string; onError: (error: unknown) => void },
): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    let shellReady = false
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onShellReady() {
        shellReady = true
      },
      onAllReady() {
        // React writes its chunks (each a buffer of its own, never reused) into this sink; no stream between.
        const chunks: Uint8Array[] = []
        const sink = {
          write(chunk: Uint8Array) {
            chunks.push(chunk)
            return true
          },
          end() {
            clearTimeout(timer)
            const html = Buffer.concat(chunks)
            // React 18.3's stream writer flushes its whole 2 KB view when a character of several bytes does not fit
            // at its end, zero bytes included: they are no part of the page (a browser drops a NUL in text).
            resolve(html.includes(0) ? Buffer.from(html.filter((byte) => byte !== 0)) : html)
          },
          on() {
            return sink
          },
          destroy(error?: unknown) {
            clearTimeout(timer)
            reject(error)
          },
        }
        pipe(sink as unknown as NodeJS.WritableStream)
      },
      onShellError(error: unknown) {
        clearTimeout(timer)
        reject(error)
      },
      // An error in the shell is Remix's to report: it renders the error boundary instead.
      onError: (error: unknown) => (shellReady ? onError(error) : undefined),
    })
    // A part that never settles is given up after this long: React writes its fallback and the browser renders it.
    const timer = setTimeout(abort, ABORT_DELAY)
  })
}
