import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { NonceProvider } from './components/shared/nonce'
import { SplicerProvider } from './components/site/spliced'
import { pageSplicer, type PageSplicer } from './utils/spliced-parts.server'
import { ABORT_DELAY, readHydrationData, renderDocument } from './utils/document-render.server'
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

/** The property of a page's Response that holds its bytes, for the server to write as they are (decision 088). */
export const DOCUMENT_BYTES = Symbol.for('balai-desa.document-bytes')

/**
 * Renders the whole document into one string before answering (decision 088): the pages hold no deferred data, so
 * there is nothing to stream early, and one buffer goes out (and into the response cache). Remix's hydration data is
 * read first, so the render never waits.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce
  const hydrationData = await readHydrationData(remixContext)
  // The parts every page of the village repeats, rendered once per data version (decision 071); a splicer per render.
  let splice: PageSplicer | undefined
  const element = () => {
    splice = pageSplicer(loadContext.dataVersion, nonce)
    return (
      <NonceProvider value={nonce}>
        <SplicerProvider value={splice.splicer}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </SplicerProvider>
      </NonceProvider>
    )
  }
  let html = await renderDocument(element, {
    nonce,
    onError(error) {
      // A part the stream renderer gave up on or that failed: the page goes out, as an error page.
      responseStatusCode = 500
      logError('render-error', error, request)
    },
  })
  hydrationData.check()
  if (splice?.used()) html = splice.finish(html, publicDataVersion())
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  const response = new Response(html, { headers: responseHeaders, status: responseStatusCode })
  return Object.assign(response, { [DOCUMENT_BYTES]: html })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  // Remix's own refusals (a method a page does not take: 405) are answers, not failures.
  if (isRouteErrorResponse(error) && error.status < 500) return
  logError('remix-error', error, request)
}
