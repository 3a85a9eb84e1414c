import { type ZodTypeAny } from 'zod'
import { z } from '~/utils/response-shape.server'
import { REGENCY_PERMISSION } from '~/models/regency/regency.server'
import { CAMAT_PERMISSION } from '~/models/regency/regency-users.server'

/**
 * How an API route declares the operations its `loader` and `action` answer (`declare`), for the OpenAPI document
 * that app/openapi/api-document.server.ts assembles from the routes; the schemas they name are in
 * app/openapi/operations.server.ts.
 */

export type Status = 200 | 201 | 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 503

export type Call = {
  method: 'get' | 'post' | 'put' | 'delete'
  path: string
  tag: string
  summary: string
  description?: string
  /** Null: no authentication. An empty list: any logged-in user. */
  permissions: readonly string[] | null
  params?: z.AnyZodObject
  query?: z.AnyZodObject
  body?: { json?: ZodTypeAny; multipart?: ZodTypeAny }
  ok: { status: 200 | 201; data: ZodTypeAny; message: string; description?: string }
  /**
   * Failures beyond those of authentication (401, 403), of a body (400, 413, 415, 422) and of a path parameter
   * (404), which come with them.
   */
  fails?: Status[]
  /** A public read: answered with an ETag, and 304 to a matching `If-None-Match`. */
  etag?: true
  /** An answer that is not an envelope (this document, its HTML reference): its one response, as given. */
  raw?: { description: string; type: string; schema: Record<string, unknown> }
}

/**
 * One operation a route declares: its path is the route's own, from its file name (`api.admin.me.sessions.$id.ts`:
 * `/api/admin/me/sessions/{id}`), unless it names one its route serves (a `$resource` route names each resource's);
 * its tag is its path's (app/openapi/api-tags.server.ts). Its answer is `ok`, or 200 with `data` and a message the
 * contract leaves open, or `raw` (not an envelope). Routes write it with the notation below: `{ ...put('Change a
 * village', REGENCY_ONLY, json(villageChange)), params: idParam('village'), ...ok(villageResponse, 'Village updated
 * successfully!'), description: '...' }` (decision 031).
 */
export type Operation = Omit<Call, 'path' | 'ok' | 'tag'> & { path?: string; tag?: string } & (
    { ok: Call['ok'] } | { data: ZodTypeAny } | { raw: NonNullable<Call['raw']> }
  )

// ---------------------------------------------------------------------------------------------------------------
// The notation of an operation: its method, summary, who may call and the body it takes; then its other inputs;
// then its answer with the failures of its own; its prose last.

/** Who may call: `PUBLIC` (no token), `ANY_USER` (any logged-in user), or any one of the permissions named. */
export type Caller = null | string | readonly string[]
export const PUBLIC = null
export const ANY_USER: readonly string[] = []
export const REGENCY_ONLY = [REGENCY_PERMISSION] as const
export const REGENCY_OR_CAMAT = [REGENCY_PERMISSION, CAMAT_PERMISSION] as const

/** What a call takes in its body: JSON, multipart, or either (`json`, `multipart`, `jsonOrMultipart` below). */
export type Body = NonNullable<Call['body']>

const call = (method: Call['method']) => (summary: string, caller: Caller, body?: Body) => ({
  method,
  summary,
  permissions: typeof caller === 'string' ? [caller] : caller,
  ...(body ? { body } : {}),
})
/**
 * `...get('A village with its figures', REGENCY_OR_CAMAT)`, `...post('Create a village', REGENCY_ONLY,
 * json(villageInput))`: the method, the summary, who may call, and what the call takes in its body.
 */
export const get = call('get')
export const post = call('post')
export const put = call('put')
export const del = call('delete')

/**
 * The methods of a path whose every operation takes the same path parameters (`const layer =
 * at(idParam('layer'))`, then `...layer.put('Change a map layer', 'maps-update', json(layerInput))`).
 */
export const at = (params: z.AnyZodObject) => ({
  get: (summary: string, caller: Caller) => ({ ...get(summary, caller), params }),
  post: (summary: string, caller: Caller, body?: Body) => ({ ...post(summary, caller, body), params }),
  put: (summary: string, caller: Caller, body?: Body) => ({ ...put(summary, caller, body), params }),
  del: (summary: string, caller: Caller) => ({ ...del(summary, caller), params }),
})

const failing = (fails: Status[]) => (fails.length ? { fails } : {})
/**
 * `...ok(villageResponse, 'Detail Data Village', 404)`: 200 with `data` and its message, and its own failures;
 * `...ok(Me)` or `...ok(LetterType, 404)`: a message the contract leaves open.
 */
export function ok(data: ZodTypeAny, message?: string | Status, ...fails: Status[]) {
  if (typeof message === 'number') return ok(data, '', message, ...fails)
  return { ok: { status: 200 as const, data, message: message ?? '' }, ...failing(fails) }
}
/** `...created(villageResponse, 'Village created successfully!')`: as `ok`, with 201. */
export const created = (data: ZodTypeAny, message: string, ...fails: Status[]) => ({
  ok: { status: 201 as const, data, message },
  ...failing(fails),
})
/** `...raw('text/csv', 'The register')`: an answer that is not an envelope (text, or a JSON object). */
export const raw = (type: string, description: string, ...fails: Status[]) => ({
  raw: { description, type, schema: { type: type.startsWith('text/') ? 'string' : 'object' } },
  ...failing(fails),
})

/** A JSON body, or a multipart one, or either. */
export const json = (schema: ZodTypeAny): Body => ({ json: schema })
export const multipart = (schema: ZodTypeAny): Body => ({ multipart: schema })
export const jsonOrMultipart = (schema: ZodTypeAny, multipartSchema = schema): Body => ({
  json: schema,
  multipart: multipartSchema,
})

/** A route's `loader` or `action` with the operations it answers (read by app/openapi/api-document.server.ts). */
export type Documented<F> = F & { openapi: readonly Operation[] }

/**
 * The route's handler (`export const loader = declare(meApi, {...})`), carrying the operations it answers for the
 * OpenAPI document. A new function, so that a handler shared by several routes carries each route's own. As a
 * `loader` or an `action`, it is removed from the browser's bundle with everything it imports.
 */
export function declare<F extends (...args: never[]) => unknown>(
  handler: F,
  ...operations: (Operation | readonly Operation[])[]
): Documented<F> {
  const documented = ((...args: Parameters<F>) => handler(...args)) as Documented<F>
  Object.defineProperty(documented, 'openapi', { value: operations.flat() })
  return documented
}

/** An answer with its prose: `ok(...)`, or `{ ...ok(...), description: '...' }`. */
type Answer = ReturnType<typeof ok> & { description?: string }

/**
 * The `loader` (GET) and `action` (PUT, DELETE) of one record's path, whose three operations share its path
 * parameters, its handler and who may call: each its summary and answer, the change its body too (`const { loader,
 * action } = oneRecord(regencyUserApi, at(idParam('account')), REGENCY_ONLY, { get: ['A regency account',
 * ok(regencyUserResponse)], put: [...], del: [...] })`).
 */
export function oneRecord<F extends (...args: never[]) => unknown>(
  handler: F,
  path: ReturnType<typeof at>,
  caller: Caller,
  calls: { get: [string, Answer]; put: [string, Body, Answer]; del: [string, Answer] },
) {
  const [show, shown] = calls.get
  const [change, body, changed] = calls.put
  const [remove, removed] = calls.del
  return {
    loader: declare(handler, { ...path.get(show, caller), ...shown }),
    action: declare(handler, [
      { ...path.put(change, caller, body), ...changed },
      { ...path.del(remove, caller), ...removed },
    ]),
  }
}
