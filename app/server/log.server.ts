import { loggablePath, log } from '../../server/log.mjs'

/** The server's logger (server/log.mjs): one JSON line per event, with a level. */
export { log }

/**
 * An error nobody expected while answering `request`: logged with its stack in one line, with the request's id
 * (the `id` of its request line), method and path. The visitor only ever sees a generic answer.
 */
export function logError(event: string, error: unknown, request: Request, message = 'unexpected error') {
  const id = request.headers.get('x-balai-request-id') ?? undefined
  log.error({ event, err: error, id, method: request.method, path: loggablePath(new URL(request.url).pathname) }, message)
}
