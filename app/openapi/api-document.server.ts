import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi'
import { type ZodTypeAny } from 'zod'
import { z } from '~/utils/response-shape.server'
import { ADMIN_PAGE_SIZE, MAX_LIMIT, PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { DOCUMENT_MAX_MB, IMAGE_MAX_MB, IMAGE_MAX_MEGAPIXELS } from '~/lib/upload-limits'
import { TAG_ORDER, tagOf } from './api-tags.server'
import { type Call, type Documented, type Operation, type Status } from './declare.server'
import { Failure, success } from './operations.server'

/**
 * The OpenAPI 3.1 document of every `/api/*` call of the contract (docs/api.md), served at `/api/openapi.json`,
 * shown at `/api/docs`, and committed as docs/openapi.json (`npm run openapi` writes it; tests/unit/openapi.test.ts
 * fails when it is stale or when a route under app/routes/api.* declares no operation). Assembled from the routes
 * themselves: each `loader` and `action` of an `app/routes/api.*` module is `declare(handler, ...operations)`
 * (app/openapi/operations.server.ts), its path the route's own, and the generic `$resource` routes declare one
 * operation per resource of the registry (app/resources). Request bodies come from the zod schemas that validate
 * them (the models'); the answers, which the models build from database selections, are described by hand, and
 * the API tests check every real answer against them (tests/support/api.ts).
 */

/** An API route module, as the route manifest gives it: its `loader` and `action` carry its operations. */
export type RouteModule = { loader?: unknown; action?: unknown }
/** The API route modules by file (`./api.admin.me.ts`), as `import.meta.glob` in app/routes gives them. */
export type RouteModules = Record<string, RouteModule>

/** The operations a route's `loader` or `action` declares (none when it is not `declare`d). */
export const declaredOperations = (handler: unknown): readonly Operation[] =>
  (handler as Partial<Documented<unknown>> | undefined)?.openapi ?? []

/**
 * A route file's path pattern: `api.admin.$resource.$id_.revisions.ts` -> `/api/admin/$resource/$id/revisions`
 * (Remix's flat route names: `[.]` an escaped dot, `$` a dynamic segment, a trailing `_` a segment that does not
 * nest in the route before it).
 */
export const routePattern = (file: string) =>
  '/' +
  file
    .replace(/^.*\//, '')
    .replace(/\.tsx?$/, '')
    .split(/(?<!\[)\.(?!\])/)
    .map((segment) => segment.replace('[.]', '.').replace(/_$/, ''))
    .join('/')

/** The documented path of a pattern: `/api/admin/me/sessions/$id` -> `/api/admin/me/sessions/{id}`. */
const documentedPath = (pattern: string) => pattern.replace(/\$(\w+)/g, '{$1}')

/** Whether a documented path (`/api/admin/posts/{id}`) is one the route pattern (`/api/admin/$resource/$id`) serves. */
export const serves = (pattern: string, path: string) => {
  const a = pattern.split('/')
  const b = path.split('/')
  return a.length === b.length && a.every((segment, index) => segment.startsWith('$') || segment === b[index])
}

/** The operations a route module declares, on its `loader` and its `action`, with their paths. */
export function routeOperations(file: string, module: RouteModule): Call[] {
  const pattern = routePattern(file)
  return [module.loader, module.action].flatMap((handler) =>
    declaredOperations(handler).map((operation) => {
      const call = callOf(operation, operation.path ?? documentedPath(pattern))
      if (!serves(pattern, call.path)) throw new Error(`${file} declares ${call.path}, a path it does not serve`)
      return call
    }),
  )
}

function callOf(operation: Operation, path: string): Call {
  const tag = operation.tag ?? tagOf(path)
  if ('ok' in operation) return { ...operation, path, tag }
  if ('raw' in operation) return { ...operation, path, tag, ok: { status: 200, data: z.null(), message: '' } }
  const { data, ...rest } = operation
  return { ...rest, path, tag, ok: { status: 200, data, message: '' } }
}

const FAILURES: Partial<Record<Status, string>> = {
  400: 'Malformed JSON or multipart body, unreadable upload (`errors` names the field).',
  401: '`Unauthenticated`: no token, bad signature, expired, revoked, or the user is gone.',
  403: '`Forbidden`: a valid user without the permission.',
  404: '`{Thing} not found`.',
  409: 'The change would break something (a sentence saying why).',
  413:
    `Body over the size limit (declared or streamed); an upload over ${IMAGE_MAX_MB} MB is \`{"Image": "Image may ` +
    `not be larger than ${IMAGE_MAX_MB} MB"}\` (a document's PDF over ${DOCUMENT_MAX_MB} MB: \`File\`).`,
  415: 'A body whose `Content-Type` is not JSON (multipart where listed).',
  422:
    '`Validation Errors`, keyed by field: a missing or invalid value, or a field of the wrong JSON type (never ' +
    'converted).',
  429: 'Throttled (login attempts, report filings, report lookups); see `Retry-After`.',
  503:
    '`Service Unavailable`: the PDF worker has PDF_QUEUE_MAX files waiting already (`{"File": "The server is ' +
    'reading other PDF files; try again in a minute"}`); see `Retry-After`.',
  500: 'Unexpected; a generic message, never a stack trace, SQL or file path.',
}

const json = (schema: ZodTypeAny) => ({ 'application/json': { schema } })

function failures(statuses: Status[]): RouteConfig['responses'] {
  const responses: RouteConfig['responses'] = {}
  for (const code of [...statuses, 500 as const]) {
    responses[code] = {
      description: FAILURES[code] ?? 'Failure',
      content: json(Failure),
      ...(code === 429 || code === 503
        ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
        : {}),
    }
  }
  return responses
}

const bearer: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }]
const permissionText = (names: readonly string[]) =>
  `Permission (any one of): ${names.map((name) => `\`${name}\``).join(', ')}.`

function register(registry: OpenAPIRegistry, call: Call) {
  const content: Record<string, { schema: ZodTypeAny }> = {}
  if (call.body?.json) content['application/json'] = { schema: call.body.json }
  if (call.body?.multipart) content['multipart/form-data'] = { schema: call.body.multipart }
  const authText =
    call.permissions === null
      ? 'No authentication.'
      : call.permissions.length
        ? permissionText(call.permissions)
        : 'Any logged-in user.'
  const fails = [
    ...new Set<Status>([
      ...(call.permissions === null ? [] : ([401] as const)),
      ...(call.permissions?.length ? ([403] as const) : []),
      ...(call.body ? ([400, 413, 415, 422] as const) : []),
      // A path parameter that names nothing: the item is not found.
      ...(call.path.includes('{') ? ([404] as const) : []),
      ...(call.fails ?? []),
    ]),
  ].sort()
  registry.registerPath({
    method: call.method,
    path: call.path,
    tags: [call.tag],
    summary: call.summary,
    description: [call.description, authText].filter(Boolean).join('\n\n'),
    ...(call.permissions === null ? { security: [] } : { security: bearer }),
    ...(call.permissions?.length ? { 'x-permissions': call.permissions } : {}),
    request: {
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { query: call.query } : {}),
      ...(call.body ? { body: { required: true, content } } : {}),
    },
    responses: call.raw
      ? {
          200: { description: call.raw.description, content: { [call.raw.type]: { schema: call.raw.schema } } },
          ...failures(fails),
        }
      : {
          [call.ok.status]: {
            description: call.ok.description ?? (call.ok.message ? `\`${call.ok.message}\`` : 'Success'),
            content: json(success(call.ok.data, call.ok.message)),
            ...(call.etag
              ? {
                  headers: {
                    ETag: {
                      description: 'A weak validator of the answer; send it back as `If-None-Match`.',
                      schema: { type: 'string' },
                    },
                  },
                }
              : {}),
          },
          ...(call.etag
            ? { 304: { description: 'Not Modified: `If-None-Match` named the current ETag (no body).' } }
            : {}),
          ...failures(fails),
        },
  })
}

const DESCRIPTION =
  `The REST API of Balai Desa. JSON in and out (\`application/json; charset=utf-8\`) except the multipart writes.

**Envelope.** Every answer is \`{"success": true, "message": "...", "data": ...}\` or \`{"success": false, ` +
  `"message": "...", "errors": {"Field": "message"} | null}\`.

**Authentication.** Admin calls take \`Authorization: Bearer <token>\` (from \`POST /api/login\`), or the ` +
  `same token in the HttpOnly cookie \`token\` of the site's own back office. Permissions are read from the ` +
  `database on every request.

**Input.** A JSON endpoint refuses a body whose \`Content-Type\` is not JSON (415; a request without a body ` +
  `is not refused). A field of the wrong JSON type is a 422 on that field, never converted. Text fields are ` +
  `trimmed; rich text (\`content\`, \`description\`) is sanitised HTML. Uploads are JPEG, PNG, GIF or WebP ` +
  `judged by content, at most ${IMAGE_MAX_MB} MB and ${IMAGE_MAX_MEGAPIXELS} megapixels; a damaged image is a 422 \`Image\`. A write whose public ` +
  `text promotes online gambling is a 422 on that field naming the phrase.

**Lists.** \`page\`, \`search\`, \`limit\` (1 to ${MAX_LIMIT}; default ${ADMIN_PAGE_SIZE} in admin lists, ` +
  `${PUBLIC_PAGE_SIZE} in public ones), newest first.

**CORS.** Allowed origins come from \`CORS_ORIGINS\` (default \`*\`).`

/** Paths segment by segment, a parent before its children. */
const byPath = (a: string, b: string) => {
  const x = a.split('/')
  const y = b.split('/')
  for (let index = 0; index < Math.min(x.length, y.length); index++)
    if (x[index] !== y[index]) return x[index] < y[index] ? -1 : 1
  return x.length - y.length
}

/** Every call of the contract, in the order of the reference page: by tag, then by path; a route's own order within. */
export function apiCalls(routes: RouteModules): Call[] {
  const calls = Object.entries(routes).flatMap(([file, module]) => routeOperations(file, module))
  const tagIndex = (call: Call) => TAG_ORDER.indexOf(call.tag)
  const first = new Map<string, number>()
  for (const call of calls) first.set(call.path, Math.min(first.get(call.path) ?? Infinity, tagIndex(call)))
  return calls.sort((a, b) => first.get(a.path)! - first.get(b.path)! || byPath(a.path, b.path))
}

function buildDocument(routes: RouteModules) {
  const registry = new OpenAPIRegistry()
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The token of `POST /api/login`.',
  })
  registry.registerComponent('securitySchemes', 'cookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'token',
    description: "The back office's HttpOnly cookie (same token).",
  })
  registry.register('Failure', Failure)
  for (const call of apiCalls(routes)) register(registry, call)
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Balai Desa REST API', version: '1.0.0', description: DESCRIPTION },
    tags: TAG_ORDER.map((name) => ({ name })),
  })
}

let built: ReturnType<typeof buildDocument> | undefined

/** The OpenAPI document of the API routes given (built once per process). */
export function openApiDocument(routes: RouteModules) {
  built ??= buildDocument(routes)
  return built
}

/** The document as committed in docs/openapi.json. */
export const openApiDocumentText = (routes: RouteModules) => `${JSON.stringify(openApiDocument(routes), null, 2)}\n`
