import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { expect, inject } from 'vitest'
import { gamblingSpamIn } from '#core/spam-guard.js'

export const baseUrl = () => inject('baseUrl')

export type ApiResult<T = any> = { status: number; headers: Headers; body: T; text: string }

/**
 * Where this test file's addresses start in 10.0.0.0/8: at random, so two files never walk the same addresses. (They
 * started at the process id modulo 250: two files of a long run whose ids shared that remainder made the same
 * addresses, and the one blocked by a throttling test refused the other's login for 15 minutes.)
 */
let forwardedCounter = crypto.randomInt(0, 2 ** 24)
/**
 * A distinct client address per call site, so login throttling (per address) in one test never blocks
 * another. The test server trusts X-Forwarded-For.
 */
export const clientAddress = () => {
  forwardedCounter = (forwardedCounter + 1) % 2 ** 24
  return `10.${forwardedCounter >>> 16}.${(forwardedCounter >>> 8) & 255}.${forwardedCounter & 255}`
}

export async function api<T = any>(
  method: string,
  path: string,
  options: {
    token?: string
    json?: unknown
    form?: FormData
    headers?: Record<string, string>
    body?: BodyInit
    base?: string
  } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  let body: BodyInit | undefined = options.body
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.json)
  } else if (options.form) {
    body = options.form
  }
  const response = await fetch(`${options.base ?? baseUrl()}${path}`, { method, headers, body, redirect: 'manual' })
  const text = await response.text()
  let parsed: any = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // not JSON
  }
  const result = { status: response.status, headers: response.headers, body: parsed, text }
  checkAgainstDocument(method, path, result)
  return result
}

// ---------------------------------------------------------------------------------------------------------------
// Every answer of /api/* that a test receives is checked against the committed OpenAPI document (docs/openapi.json):
// its status must be one the call documents, and its body must match that answer's schema. A path or method the
// document does not have must answer the failure envelope.

type Documented = { method: string; template: string; pattern: RegExp; params: number }

let checker: { ajv: Ajv2020; operations: Documented[]; document: any } | undefined

function documentChecker() {
  if (checker) return checker
  const document = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../docs/openapi.json'), 'utf8'))
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema(document, 'openapi')
  const operations: Documented[] = Object.entries(document.paths as Record<string, object>)
    .flatMap(([template, item]) =>
      Object.keys(item).map((method) => ({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        params: (template.match(/\{/g) ?? []).length,
      })),
    )
    // A fixed path (`/api/admin/roles/all`) wins over a template (`/api/admin/roles/{id}`).
    .sort((a, b) => a.params - b.params)
  checker = { ajv, operations, document }
  return checker
}

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')

/** A path that is not valid percent-encoding is answered by Express before any route (`server.mjs`). */
function isDecodable(pathname: string) {
  try {
    decodeURIComponent(pathname)
    return true
  } catch {
    return false
  }
}

/** Throws, naming the call and every mismatch, when an answer is not what the document says. */
export function checkAgainstDocument(method: string, requestPath: string, result: ApiResult) {
  const pathname = requestPath.split('?')[0]
  const upper = method.toUpperCase()
  if (!pathname.startsWith('/api/') || upper === 'OPTIONS' || upper === 'HEAD') return
  const { ajv, operations, document } = documentChecker()
  // The path first (a fixed one before a template), then its method: `DELETE /api/admin/roles/all` is no delete of a
  // role.
  const template = isDecodable(pathname)
    ? operations.find((candidate) => candidate.pattern.test(pathname))?.template
    : undefined
  const operation = operations.find((candidate) => candidate.template === template && candidate.method === upper)
  const json = (result.headers.get('content-type') ?? '').includes('application/json')
  const call = `${upper} ${pathname} -> ${result.status}`
  let ref = 'openapi#/components/schemas/Failure'
  if (operation) {
    const responses = document.paths[operation.template][operation.method.toLowerCase()].responses
    const answer = responses[String(result.status)]
    if (!answer)
      throw new Error(
        `${call}: the OpenAPI document (docs/openapi.json) does not list ${result.status} ` +
          `for ${upper} ${operation.template}: ${result.text.slice(0, 300)}`,
      )
    if (!answer.content?.['application/json']) return
    ref = `openapi#/${pointer(
      'paths',
      operation.template,
      operation.method.toLowerCase(),
      'responses',
      String(result.status),
      'content',
      'application/json',
      'schema',
    )}`
  } else if (!json) {
    // Answers Express gives before Remix runs (a malformed address) are checked by their own tests.
    return
  }
  if (!json) throw new Error(`${call}: answered ${result.headers.get('content-type')}, the document says JSON`)
  const validate = ajv.getSchema(ref)
  if (!validate) throw new Error(`${call}: no schema at ${ref}`)
  if (!validate(result.body)) {
    throw new Error(
      `${call}: the body does not match the OpenAPI document (${ref.replace('openapi#', '')}): ` +
        `${ajv.errorsText(validate.errors, { separator: '; ' })}\n${result.text.slice(0, 500)}`,
    )
  }
}

const tokens = new Map<string, string>()

/** A fresh token for `username` (seeded passwords are `password`). */
export async function login(username = 'admin', password = 'password', base?: string): Promise<string> {
  const result = await api('POST', '/api/login', {
    json: { username, password },
    headers: { 'X-Forwarded-For': clientAddress() },
    base,
  })
  if (result.status !== 200) throw new Error(`login ${username} failed: ${result.status} ${result.text}`)
  return result.body.data.token
}

/** A cached admin token for read-mostly tests. */
export async function adminToken(): Promise<string> {
  const key = baseUrl()
  if (!tokens.has(key)) tokens.set(key, await login())
  return tokens.get(key)!
}

/**
 * A name no other test uses. Random letters can spell a gambling brand ("12bet") that the spam guard rightly
 * refuses, so a name the guard would refuse is drawn again, unless its prefix is spam on purpose.
 */
export function unique(prefix: string): string {
  const spamAlready = gamblingSpamIn(prefix) !== null
  for (;;) {
    const name = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`
    if (spamAlready || !gamblingSpamIn(name)) return name
  }
}

/** Creates a role holding `permissions` and a user with it; returns the user's token. */
export async function userWithPermissions(
  permissions: string[],
): Promise<{ token: string; userId: number; roleId: number; username: string }> {
  const admin = await adminToken()
  const all = await api('GET', '/api/admin/permissions/all', { token: admin })
  const ids = all.body.data
    .filter((p: { name: string }) => permissions.includes(p.name))
    .map((p: { id: number }) => p.id)
  const role = await api('POST', '/api/admin/roles', {
    token: admin,
    json: { name: unique('role-'), permission_ids: ids },
  })
  if (role.status !== 201) throw new Error(`role: ${role.text}`)
  const username = unique('u')
  const user = await api('POST', '/api/admin/users', {
    token: admin,
    json: {
      name: 'Test User',
      username,
      email: `${username}@example.com`,
      password: 'password123',
      role_ids: [role.body.data.id],
    },
  })
  if (user.status !== 201) throw new Error(`user: ${user.text}`)
  return { token: await login(username, 'password123'), userId: user.body.data.id, roleId: role.body.data.id, username }
}

/** ISO 8601 in UTC, as every date of the API is. */
export const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/

/** The failure envelope of docs/api.md: `{ success: false, message, errors }`, served as JSON. */
export function expectFailure(
  result: ApiResult,
  status: number,
  message?: string,
  errors?: Record<string, string> | null,
) {
  expect(result.status, result.text).toBe(status)
  expect(result.headers.get('content-type')).toContain('application/json')
  expect(result.body.success).toBe(false)
  expect(Object.keys(result.body).sort()).toEqual(['errors', 'message', 'success'])
  if (message !== undefined) expect(result.body.message).toBe(message)
  if (errors !== undefined) expect(result.body.errors).toEqual(errors)
}

/** The success envelope of docs/api.md: `{ success: true, message, data }`, served as JSON. Returns `data`. */
export function expectSuccess<T = any>(result: ApiResult, status = 200, message?: string): T {
  expect(result.status, result.text).toBe(status)
  expect(result.headers.get('content-type')).toContain('application/json')
  expect(result.body.success).toBe(true)
  expect(Object.keys(result.body).sort()).toEqual(['data', 'message', 'success'])
  if (message !== undefined) expect(result.body.message).toBe(message)
  return result.body.data
}

/** No response may carry a password, in clear or as a bcrypt hash. */
export function expectNoSecrets(result: ApiResult) {
  expect(result.text).not.toMatch(/"password"/i)
  expect(result.text).not.toMatch(/\$2[abxy]\$\d\d\$/)
}

/** Permission name -> id, as GET /api/admin/permissions/all reports them now. */
export async function permissionIds(token?: string): Promise<Map<string, number>> {
  const all = await api('GET', '/api/admin/permissions/all', { token: token ?? (await adminToken()) })
  if (all.status !== 200) throw new Error(`permissions/all: ${all.text}`)
  return new Map(all.body.data.map((p: { id: number; name: string }) => [p.name, p.id]))
}
