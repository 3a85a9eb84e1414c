import { expect, inject } from 'vitest'

export const baseUrl = () => inject('baseUrl')

export type ApiResult<T = any> = { status: number; headers: Headers; body: T; text: string }

let forwardedCounter = 0
/**
 * A distinct client address per call site, so login throttling (per address) in one test never blocks
 * another. The test server trusts X-Forwarded-For.
 */
export const clientAddress = () => `10.${(process.pid % 250) + 1}.${Math.floor(++forwardedCounter / 250) % 250}.${forwardedCounter % 250}`

export async function api<T = any>(
  method: string,
  path: string,
  options: { token?: string; json?: unknown; form?: FormData; headers?: Record<string, string>; body?: BodyInit; base?: string } = {},
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
  return { status: response.status, headers: response.headers, body: parsed, text }
}

const tokens = new Map<string, string>()

/** A fresh token for `username` (seeded passwords are `password`). */
export async function login(username = 'admin', password = 'password', base?: string): Promise<string> {
  const result = await api('POST', '/api/login', { json: { username, password }, headers: { 'X-Forwarded-For': clientAddress() }, base })
  if (result.status !== 200) throw new Error(`login ${username} failed: ${result.status} ${result.text}`)
  return result.body.data.token
}

/** A cached admin token for read-mostly tests. */
export async function adminToken(): Promise<string> {
  const key = baseUrl()
  if (!tokens.has(key)) tokens.set(key, await login())
  return tokens.get(key)!
}

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`

/** Creates a role holding `permissions` and a user with it; returns the user's token. */
export async function userWithPermissions(permissions: string[]): Promise<{ token: string; userId: number; roleId: number; username: string }> {
  const admin = await adminToken()
  const all = await api('GET', '/api/admin/permissions/all', { token: admin })
  const ids = all.body.data.filter((p: { name: string }) => permissions.includes(p.name)).map((p: { id: number }) => p.id)
  const role = await api('POST', '/api/admin/roles', { token: admin, json: { name: unique('role-'), permission_ids: ids } })
  if (role.status !== 201) throw new Error(`role: ${role.text}`)
  const username = unique('u')
  const user = await api('POST', '/api/admin/users', {
    token: admin,
    json: { name: 'Test User', username, email: `${username}@example.com`, password: 'password123', role_ids: [role.body.data.id] },
  })
  if (user.status !== 201) throw new Error(`user: ${user.text}`)
  return { token: await login(username, 'password123'), userId: user.body.data.id, roleId: role.body.data.id, username }
}

/** ISO 8601 in UTC, as every date of the API is. */
export const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/

/** The failure envelope of API.md: `{ success: false, message, errors }`, served as JSON. */
export function expectFailure(result: ApiResult, status: number, message?: string, errors?: Record<string, string> | null) {
  expect(result.status, result.text).toBe(status)
  expect(result.headers.get('content-type')).toContain('application/json')
  expect(result.body.success).toBe(false)
  expect(Object.keys(result.body).sort()).toEqual(['errors', 'message', 'success'])
  if (message !== undefined) expect(result.body.message).toBe(message)
  if (errors !== undefined) expect(result.body.errors).toEqual(errors)
}

/** The success envelope of API.md: `{ success: true, message, data }`, served as JSON. Returns `data`. */
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
