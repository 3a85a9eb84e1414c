import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { data, type ActionFunctionArgs } from '@remix-run/node'
import { failureBody } from '#core/api-envelope.mjs'
import { CLIENT_IP_HEADER, HTTPS_HEADER } from '#core/front-headers.mjs'
import { getEnv } from './config.server'
import { logError } from './error-log.server'

export type FieldErrors = Record<string, string>

/**
 * An answer other than success, in the contract's words; `/api/*` renders it as JSON, the UI as a screen or field
 * errors.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors | null = null,
    readonly headers: HeadersInit = {},
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const validationError = (errors: FieldErrors) => new HttpError(422, 'Validation Errors', errors)
export const notFound = (thing: string) => new HttpError(404, `${thing} not found`)
export const conflict = (message: string) => new HttpError(409, message)
export const unauthenticated = () => new HttpError(401, 'Unauthenticated')
export const forbidden = () => new HttpError(403, 'Forbidden')

/** A screen's 404 (thrown by a page loader): the nearest error boundary shows the not-found screen with that status. */
export const notFoundResponse = () => data(null, { status: 404, statusText: 'Not Found' })

export const MAX_JSON_BYTES = 1024 * 1024

/** Whether the visitor reached the site over HTTPS: the front decides it once per request (core/front-headers.mjs). */
export const cameOverHttps = (request: Request) => request.headers.get(HTTPS_HEADER) === '1'

/** The client's address as the front saw it (behind TRUST_PROXY proxies, the outermost's), or null. */
export const clientAddressOf = (request: Request | undefined) => request?.headers.get(CLIENT_IP_HEADER) || null

export const JSON_TYPE = 'application/json; charset=utf-8'

export function apiResponse(body: unknown, status = 200, headers: HeadersInit = {}) {
  const result = new Headers(headers)
  result.set('Content-Type', JSON_TYPE)
  result.set('Cache-Control', result.get('Cache-Control') ?? 'no-store')
  return new Response(JSON.stringify(body), { status, headers: result })
}

export const apiSuccess = (message: string, data: unknown, status = 200, headers: HeadersInit = {}) =>
  apiResponse({ success: true, message, data }, status, headers)

export const apiFailure = (error: HttpError) =>
  apiResponse(failureBody(error.message, error.errors), error.status, error.headers)

/**
 * How much of a refused body is still read (and dropped). Cancelling the body instead would close the connection
 * under the client, which then never sees the 413; past this much the client is cut off all the same.
 */
const MAX_DISCARD_BYTES = 64 * 1024 * 1024

/** Reads and drops, in the background, the rest of a body the server has refused while the answer goes out. */
export function discardRest(source: Readable) {
  let discarded = 0
  source.on('error', () => undefined)
  source.on('data', (chunk: Buffer) => {
    discarded += chunk.length
    if (discarded > MAX_DISCARD_BYTES) source.destroy()
  })
  source.resume()
}

/** The request body as a Node stream (the multipart parser and the text reader below take it so). */
export const bodyStream = (request: Request) => Readable.fromWeb(request.body as WebReadableStream<Uint8Array>)

/**
 * Reads a request body as text, refusing more than `limit` bytes without buffering them (413), whether the body
 * declares its length or arrives in chunks.
 */
export async function readBodyText(request: Request, limit = MAX_JSON_BYTES): Promise<string> {
  if (!request.body) return ''
  const source = bodyStream(request)
  const refuse = () => {
    discardRest(source)
    return new HttpError(413, 'Request body too large')
  }
  if (Number(request.headers.get('content-length') ?? '0') > limit) throw refuse()
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const collect = (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) return void chunks.push(chunk)
      source.off('data', collect)
      reject(refuse())
    }
    source.on('data', collect)
    source.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    source.once('error', reject)
  })
}

/**
 * JSON bodies, as read by `readJsonObject`. Their fields must already have the type the schema expects (a JSON
 * string for text, a JSON number for a number, an array of numbers for ids): `parseInput` never applies the
 * coercions the form fields need (where everything is text) to them.
 */
const jsonBodies = new WeakSet<object>()

function markJsonBody<T extends object>(body: T): T {
  jsonBodies.add(body)
  return body
}

export const isJsonBody = (input: object) => jsonBodies.has(input)

/** `application/json`, or a JSON-based type such as `application/merge-patch+json`, with any parameters. */
export function isJsonType(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase()
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type)
}

export const unsupportedMediaType = (accepted = 'application/json') =>
  new HttpError(415, `Unsupported Media Type: send the body as ${accepted}`)

/**
 * A JSON object body. A body declared as anything but JSON is a 415 (an empty body, such as a logout's, is read
 * as `{}` whatever its type); malformed JSON, or JSON that is not an object, is a 400. The object is marked as
 * JSON, so `parseInput` holds its fields to their JSON types. `accepted` names what the 415 asks for instead.
 */
export async function readJsonObject(request: Request, accepted?: string): Promise<Record<string, unknown>> {
  const json = isJsonType(request.headers.get('content-type'))
  if (!json && Number(request.headers.get('content-length') ?? '0') > 0) {
    // Refused unread: the rest is dropped while the answer goes out, as for a 413.
    if (request.body) discardRest(bodyStream(request))
    throw unsupportedMediaType(accepted)
  }
  const text = await readBodyText(request)
  if (text.trim() === '') return markJsonBody({})
  if (!json) throw unsupportedMediaType(accepted)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new HttpError(400, 'Malformed JSON', { Error: 'The request body is not valid JSON' })
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, 'Malformed JSON', { Error: 'The request body must be a JSON object' })
  }
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
    throw new HttpError(400, 'Malformed JSON', {
      Error: `The request body may not nest more than ${MAX_JSON_DEPTH} levels deep`,
    })
  }
  return markJsonBody(value as Record<string, unknown>)
}

/**
 * How deep a JSON body may nest (docs/decisions/062): far beyond any body of the contract (a dataset's rows are three
 * levels deep), and shallow enough for every recursive reader after this one (JSON.stringify in the spam guard, the
 * schemas). JSON.parse itself reads 10,000 levels; JSON.stringify overflows the stack on them.
 */
export const MAX_JSON_DEPTH = 64

/** Whether a parsed JSON value nests deeper than `max` arrays and objects; walked without recursion. */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]]
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!
    if (item === null || typeof item !== 'object') continue
    if (depth > max) return true
    for (const inner of Object.values(item)) pending.push([inner, depth + 1])
  }
  return false
}

/** CORS headers for `/api/*`, per CORS_ORIGINS (comma-separated, default `*`). */
export function corsHeaders(request: Request): Headers {
  return new Headers(apiCorsHeaders(request.headers.get('Origin') ?? undefined))
}

/**
 * The same headers for a request's `Origin`, as plain pairs: the Express server (server.mjs) adds them to the
 * few `/api/*` answers it gives before Remix runs (a cross-site refusal, a malformed address).
 */
export function apiCorsHeaders(origin: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {}
  const allowed = getEnv()
    .CORS_ORIGINS.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (allowed.includes('*')) {
    headers['Access-Control-Allow-Origin'] = '*'
  } else if (origin && allowed.includes(origin)) {
    headers['Access-Control-Allow-Origin'] = origin
    headers['Vary'] = 'Origin'
  }
  headers['Access-Control-Allow-Headers'] = 'Authorization, Content-Type, Accept'
  headers['Access-Control-Allow-Methods'] = 'GET, POST, PUT, DELETE, OPTIONS'
  headers['Access-Control-Max-Age'] = '600'
  return headers
}

function withCors(request: Request, response: Response): Response {
  for (const [key, value] of corsHeaders(request)) {
    if (key.toLowerCase() === 'vary' && response.headers.has('Vary')) {
      response.headers.append('Vary', value)
    } else {
      response.headers.set(key, value)
    }
  }
  return response
}

/**
 * Every `/api/*` handler runs inside this: contract errors become the JSON envelope, anything unexpected
 * a generic 500 (logged, never shown), and CORS headers are added.
 */
export async function handleApi(request: Request, handler: () => Promise<Response>): Promise<Response> {
  if (request.method === 'OPTIONS') return withCors(request, new Response(null, { status: 204 }))
  try {
    return withCors(request, await handler())
  } catch (error) {
    if (error instanceof HttpError) return withCors(request, apiFailure(error))
    if (error instanceof Response) return withCors(request, error)
    logError('api-error', error, request)
    return withCors(request, apiFailure(new HttpError(500, 'Internal Server Error')))
  }
}

/** The loader or action of an `/api/*` route for the methods it does not take. */
export const methodNotAllowed = ({ request }: { request: Request }) =>
  handleApi(request, async () => {
    throw new HttpError(405, 'Method Not Allowed')
  })

/** Any other `/api/*` path: a JSON 404, never the site's HTML. */
export const unknownApiPath = ({ request }: { request: Request }) =>
  handleApi(request, async () => {
    throw new HttpError(404, 'Not found')
  })

/**
 * An `/api/*` handler that takes one method (GET also answers HEAD; a preflight is answered by handleApi); any other
 * is a 405.
 */
export const apiCall =
  <Args extends { request: Request } = ActionFunctionArgs>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    run: (args: Args) => Promise<Response>,
  ) =>
  (args: Args) =>
    handleApi(args.request, async () => {
      const asked = args.request.method === 'HEAD' ? 'GET' : args.request.method
      if (asked !== method) throw new HttpError(405, 'Method Not Allowed')
      return run(args)
    })
