import { REQUEST_ID_HEADER } from '#core/front-headers.mjs'
import { log } from '#core/log.mjs'

/** The server's logger (core/log.mjs): one JSON line per event, with a level. */
export { log }

/**
 * An error nobody expected while answering `request`: logged with its stack in one line, with the request's id
 * (the `id` of its request line), method and path. The visitor only ever sees a generic answer.
 */
export function logError(event: string, error: unknown, request: Request, message = 'unexpected error') {
  const id = request.headers.get(REQUEST_ID_HEADER) ?? undefined
  const where = { id, method: request.method, path: new URL(request.url).pathname }
  // A client that hung up while its body was being read is no fault of the server's.
  if (clientWentAway(error))
    return log.info(
      { event: 'client-aborted', ...where },
      'the client closed the connection before its request was read',
    )
  log.error({ event, err: error, ...where }, message)
}

function clientWentAway(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ECONNRESET' || code === 'ECONNABORTED' || error.message === 'aborted'
}
