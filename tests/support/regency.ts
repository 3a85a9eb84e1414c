import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { expect } from 'vitest'
import { jpeg } from './content'
import { onPostgres, queryDb, type TestServer } from './server'

/**
 * A client of a regency install (REGENCY_HOST; docs/api.md "Many villages in one install") for tests: each request
 * names its site by its Host header alone (no proxy is trusted), as a browser does, on a connection of its own (with
 * several workers, requests go to each in turn).
 */

export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; body: any; raw?: Buffer }

export type CallOptions = {
  token?: string
  json?: unknown
  form?: FormData | URLSearchParams
  headers?: Record<string, string>
  /** Keep the answer's bytes as they came (an archive). */
  raw?: boolean
  /** Another server of the test's than the client's own. */
  port?: number
}

export function regencyClient(server: () => TestServer, regencyHost: string) {
  /** A request to `host` (a Host header, the server's own port added), with a token, JSON or a form. */
  async function call(host: string, method: string, address: string, options: CallOptions = {}): Promise<Answer> {
    const port = options.port ?? server().port
    const headers: Record<string, string> = { Host: `${host}:${port}`, Accept: 'application/json', ...options.headers }
    let body: Buffer | undefined
    if (options.token) headers.Authorization = `Bearer ${options.token}`
    if (options.json !== undefined) {
      body = Buffer.from(JSON.stringify(options.json))
      headers['Content-Type'] = 'application/json'
    }
    if (options.form) {
      const encoded = new Request('http://form.invalid/', { method: 'POST', body: options.form })
      body = Buffer.from(await encoded.arrayBuffer())
      headers['Content-Type'] = encoded.headers.get('content-type')!
    }
    if (body) headers['Content-Length'] = String(body.length)
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method, path: address, headers, agent: false },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk) => chunks.push(chunk))
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            let parsed: unknown
            try {
              parsed = JSON.parse(text)
            } catch {
              parsed = undefined
            }
            const raw = options.raw ? Buffer.concat(chunks) : undefined
            resolve({ status: response.statusCode!, headers: response.headers, text, body: parsed, raw })
          })
        },
      )
      request.on('error', reject)
      request.end(body)
    })
  }

  const host = (slug: string) => `${slug}.${regencyHost}`

  async function loginAt(site: string, username: string, password: string) {
    const answer = await call(site, 'POST', '/api/login', { json: { username, password } })
    expect(answer.status, answer.text).toBe(200)
    return answer.body.data.token as string
  }

  /** A new village through the regency's API, its admin's password set through the handed-over link. */
  async function newVillage(regencyToken: string, slug: string, name: string, extra: Record<string, unknown> = {}) {
    const created = await call(regencyHost, 'POST', '/api/regency/villages', {
      token: regencyToken,
      json: { slug, name, ...extra },
    })
    expect(created.status, created.text).toBe(201)
    const village = created.body.data
    const link = new URL(village.admin_reset_url)
    expect(link.host).toBe(`${slug}.${regencyHost}:${server().port}`)
    const token = link.pathname.split('/').pop()!
    const password = `sandi-${slug}-2026`
    const reset = await call(host(slug), 'POST', '/api/password-reset', {
      json: { token, password, password_confirmation: password },
    })
    expect(reset.status, reset.text).toBe(200)
    return { village, token: await loginAt(host(slug), 'admin', password), password }
  }

  /** A published post (in a category of its own) through the village's admin API. */
  async function newPost(site: string, token: string, title: string, picture = false) {
    const category = await call(site, 'POST', '/api/admin/categories', { token, json: { name: `Kabar ${title}` } })
    expect(category.status, category.text).toBe(201)
    const form = new FormData()
    form.set('title', title)
    form.set('content', `<p>Isi ${title}</p>`)
    form.set('category_id', String(category.body.data.id))
    if (picture) {
      const image = await jpeg(320, 200)
      form.set('image', new Blob([new Uint8Array(image.data)], { type: image.type }), image.name)
    }
    const created = await call(site, 'POST', '/api/admin/posts', { token, form })
    expect(created.status, created.text).toBe(201)
    return created.body.data
  }

  return { call, host, loginAt, newVillage, newPost }
}

/**
 * The village databases an install holds, by id: the files of DATA_DIR/villages on SQLite, the `village_{id}` schemas
 * on PostgreSQL.
 */
export async function villageDatabases(server: TestServer): Promise<string[]> {
  if (!onPostgres()) {
    const dir = path.join(server.dir, 'data', 'villages')
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((name) => name.endsWith('.db'))
          .map((name) => name.slice(0, -3))
          .sort()
      : []
  }
  const rows = await queryDb<{ name: string }>(
    server,
    "SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'village\\_%' ORDER BY nspname",
  )
  return rows.map((row) => row.name.slice('village_'.length))
}
