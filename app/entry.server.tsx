import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceProvider } from './components/shared/nonce'
import { SplicerProvider } from './components/site/spliced'
import { pageSplicer } from './utils/spliced-parts.server'
import { publicDataVersion } from './utils/data-version.server'
import { logError } from './utils/error-log.server'

export { startup, sweepPeriodically, workerStartup } from './startup.server'
export { serveWriteLock } from './utils/write-lock.server'
export { apiCorsHeaders } from './utils/http.server'
export { publicDataVersion } from './utils/data-version.server'
export { documentFileAnswer } from './doors/village-info/public-information.server'
export { resetLinkForUsername } from './models/accounts/password-reset.server'
export { resetLinkAt } from './models/regency/regency.server'
export { holdScope, recheckSite, regencyScope, siteOfHost } from './models/regency/villages.server'
export { inScope, scopeKey } from './utils/village-scope.server'
export { storage as scopeStorage } from './utils/upload-pipeline.server'

const ABORT_DELAY = 5_000

/**
 * Renders the whole document before answering: the pages hold no deferred data, so there is nothing to stream
 * early, and one buffer goes out (and into the response cache) without a web stream per chunk. The abort timer is
 * cleared once the page is done, so no finished render is kept alive for its 5 s.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce
  // The parts every page of the village repeats, rendered once per data version (decision 071), spliced only when
  // no write came between the request's start and its render (decision 090).
  const splice = pageSplicer(loadContext.dataVersion, nonce, publicDataVersion())
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <SplicerProvider value={splice.splicer}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </SplicerProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true
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
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
              let html = Buffer.concat(chunks)
              // React 18.3's stream writer flushes its whole 2 KB view when a character of several bytes does not
              // fit at its end, zero bytes included: they are no part of the page (a browser drops a NUL in text).
              if (html.includes(0)) html = Buffer.from(html.filter((byte) => byte !== 0))
              if (splice.used()) html = splice.finish(html, publicDataVersion())
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }))
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
        onError(error: unknown) {
          responseStatusCode = 500
          // An error in the shell is Remix's to report (it renders the error boundary instead).
          if (shellRendered) logError('render-error', error, request)
        },
      },
    )
    const timer = setTimeout(abort, ABORT_DELAY)
  })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  // Remix's own refusals (a method a page does not take: 405) are answers, not failures.
  if (isRouteErrorResponse(error) && error.status < 500) return
  logError('remix-error', error, request)
}
