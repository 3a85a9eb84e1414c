import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import Database from 'better-sqlite3'
import tar from 'tar-stream'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { regencyClient, villageDatabases } from '../support/regency'
import { totp } from '../support/totp'
import { createEmptyDatabase, onPostgres, queryDb, ROOT, startServer, type TestServer } from '../support/server'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 })

/**
 * Many villages in one install (docs/api.md "Many villages in one install"; decision 055), black box: a server with
 * REGENCY_HOST, each request naming its site by its Host header alone (no proxy is trusted), as a browser does.
 * Every door of village A is tried against village B's data and B's host against A's.
 */

const REGENCY = 'kab.test'
const IMPORT_MAX_MB = 8

/** An entry of a tar archive, as the tests read and write them. */
type TarEntry = { name: string; data?: Buffer; type?: tar.Header['type']; linkname?: string }

/** The entries of a .tar.gz. */
function entriesOf(archive: Buffer): Promise<TarEntry[]> {
  return new Promise((resolve, reject) => {
    const entries: TarEntry[] = []
    const extract = tar.extract()
    extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = []
      stream.on('data', (chunk) => chunks.push(chunk as Buffer))
      stream.on('end', () => {
        entries.push({ name: header.name, data: Buffer.concat(chunks), type: header.type ?? 'file' })
        next()
      })
    })
    extract.on('finish', () => resolve(entries))
    extract.on('error', reject)
    extract.end(zlib.gunzipSync(archive))
  })
}

/** A .tar.gz of `entries` (a link or a device entry as well as files). */
function packed(entries: TarEntry[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pack = tar.pack()
    const chunks: Buffer[] = []
    pack.on('data', (chunk) => chunks.push(chunk as Buffer))
    pack.on('end', () => resolve(zlib.gzipSync(Buffer.concat(chunks))))
    pack.on('error', reject)
    for (const entry of entries) {
      const type = entry.type ?? 'file'
      if (type === 'file') pack.entry({ name: entry.name, mode: 0o644 }, entry.data ?? Buffer.alloc(0))
      else pack.entry({ name: entry.name, type, linkname: entry.linkname, devmajor: 1, devminor: 3, size: 0 })
    }
    pack.finalize()
  })
}

let server: TestServer
const { call, host, loginAt, newPost, ...client } = regencyClient(() => server, REGENCY)
let regencyToken: string
const newVillage = (slug: string, name: string, extra: Record<string, unknown> = {}) =>
  client.newVillage(regencyToken, slug, name, extra)
/** POST /api/regency/villages/import of the archive `data` as the village `slug`, named `Desa {slug}`. */
const importing = (slug: string, data: Buffer) => {
  const form = new FormData()
  form.set('slug', slug)
  form.set('name', `Desa ${slug}`)
  form.set('file', new Blob([new Uint8Array(data)], { type: 'application/gzip' }), `${slug}.tar.gz`)
  return call(REGENCY, 'POST', '/api/regency/villages/import', { token: regencyToken, form })
}

describe('many villages in one install', () => {
  let a: Awaited<ReturnType<typeof newVillage>>
  let b: Awaited<ReturnType<typeof newVillage>>

  beforeAll(async () => {
    // Imports take 8 MB at most here, so unpacking writes 32 MB at most (decision 063): a gzip bomb is refused fast.
    server = await startServer({
      env: { REGENCY_HOST: REGENCY, TRUST_PROXY: '0', SITE_URL: undefined, IMPORT_MAX_MB: String(IMPORT_MAX_MB) },
    })
    regencyToken = await loginAt(REGENCY, 'kabupaten', 'password')
    a = await newVillage('sukamaju', 'Desa Sukamaju', { domains: ['sukamaju.desa.id'] })
    b = await newVillage('mekarsari', 'Desa Mekarsari')
  })

  afterAll(async () => {
    await server?.stop()
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  it('answers a host that names no village with 404, and /healthz on every host', async () => {
    for (const name of ['nowhere.test', `tidakada.${REGENCY}`, '127.0.0.1', `a.b.${REGENCY}`]) {
      const api = await call(name, 'GET', '/api/public/posts')
      expect(api.status, name).toBe(404)
      expect(api.body).toEqual({ success: false, message: 'Desa tidak ditemukan', errors: null })
      const page = await call(name, 'GET', '/', { headers: { Accept: 'text/html' } })
      expect(page.status).toBe(404)
      expect(page.text).toContain('Desa tidak ditemukan')
      expect((await call(name, 'GET', '/healthz')).status).toBe(200)
    }
    // The regency host is not a village: its doors only.
    const atRegency = await call(REGENCY, 'GET', '/api/public/posts')
    expect(atRegency.status).toBe(404)
    expect(atRegency.body.message).toBe('Desa tidak ditemukan')
    expect((await call(REGENCY, 'GET', '/healthz')).status).toBe(200)
  })

  it('gives each village only its own posts, at each of its hosts, through every public door', async () => {
    const title = 'Kerja Bakti Bersama Warga'
    const ofA = await newPost(host('sukamaju'), a.token, title, true)
    const ofB = await newPost(host('mekarsari'), b.token, title)
    // The same slug in two villages is two different items.
    expect(ofA.slug).toBe(ofB.slug)
    for (const site of [host('sukamaju'), 'sukamaju.desa.id']) {
      const list = await call(site, 'GET', '/api/public/posts?search=Kerja')
      expect(list.body.data.data.map((post: any) => post.id)).toEqual([ofA.id])
      const detail = await call(site, 'GET', `/api/public/posts/${ofA.slug}`)
      expect(detail.body.data.content).toContain(`Isi ${title}`)
      expect(detail.body.data.image).toBe(ofA.image)
    }
    const listB = await call(host('mekarsari'), 'GET', '/api/public/posts?search=Kerja')
    expect(listB.body.data.data.map((post: any) => post.id)).toEqual([ofB.id])
    expect((await call(host('mekarsari'), 'GET', `/api/public/posts/${ofB.slug}`)).body.data.image).toBeNull()

    // Pages, feed and sitemap: each village's own addresses on its own host.
    const pageB = await call(host('mekarsari'), 'GET', `/posts/${ofB.slug}`, { headers: { Accept: 'text/html' } })
    expect(pageB.status).toBe(200)
    expect(pageB.text).not.toContain(ofA.image)
    const rssA = await call(host('sukamaju'), 'GET', '/rss.xml')
    expect(rssA.text).toContain(`http://${host('sukamaju')}:${server.port}/posts/${ofA.slug}`)
    expect(rssA.text).not.toContain('mekarsari')
    const sitemapB = await call(host('mekarsari'), 'GET', '/sitemap.xml')
    expect(sitemapB.text).toContain(`http://${host('mekarsari')}:${server.port}/posts/${ofB.slug}`)
    expect(sitemapB.text).not.toContain('sukamaju')

    // Settings: each its own name.
    expect((await call(host('sukamaju'), 'GET', '/api/public/settings')).body.data.site_name).toBe('Desa Sukamaju')
    expect((await call(host('mekarsari'), 'GET', '/api/public/settings')).body.data.site_name).toBe('Desa Mekarsari')

    // Uploads: A's picture at A's hosts only, files under A's own folder.
    const picture = `/uploads/posts/${ofA.image}`
    expect((await call(host('sukamaju'), 'GET', picture)).status).toBe(200)
    expect((await call('sukamaju.desa.id', 'GET', picture)).status).toBe(200)
    expect((await call(host('mekarsari'), 'GET', picture)).status).toBe(404)
    expect(fs.existsSync(path.join(server.uploadsDir, 'villages', a.village.id, 'posts', ofA.image))).toBe(true)
    expect(fs.existsSync(path.join(server.uploadsDir, 'posts', ofA.image))).toBe(false)
  })

  it('keeps the caches of one village out of another: a write shows at once, only where it was made', async () => {
    const read = (site: string) => call(site, 'GET', '/api/public/posts?search=Posyandu')
    // Twice each, so both answers are in the response cache and the read memo.
    for (let round = 0; round < 2; round++) {
      expect((await read(host('sukamaju'))).body.data.total).toBe(0)
      expect((await read(host('mekarsari'))).body.data.total).toBe(0)
    }
    const post = await newPost(host('sukamaju'), a.token, 'Posyandu Balita Bulan Ini')
    expect((await read(host('sukamaju'))).body.data.data.map((row: any) => row.id)).toEqual([post.id])
    expect((await read(host('mekarsari'))).body.data.total).toBe(0)
    // Pages too (the page cache keys by village).
    const home = await call(host('mekarsari'), 'GET', '/posts?search=Posyandu', { headers: { Accept: 'text/html' } })
    expect(home.text).not.toContain('Posyandu Balita Bulan Ini')
  })

  it('refuses a token at every host but its own village (401), the regency included', async () => {
    const me = (site: string, token: string) => call(site, 'GET', '/api/admin/me', { token })
    expect((await me(host('sukamaju'), a.token)).status).toBe(200)
    expect((await me('sukamaju.desa.id', a.token)).status).toBe(200)
    for (const [site, token] of [
      [host('mekarsari'), a.token],
      [REGENCY, a.token],
      [host('sukamaju'), b.token],
      [host('sukamaju'), regencyToken],
      [host('mekarsari'), regencyToken],
    ]) {
      const answer = await me(site, token)
      expect(answer.status, site).toBe(401)
      expect(answer.body).toEqual({ success: false, message: 'Unauthenticated', errors: null })
    }
    // The session cookie is the host's own (no Domain): a browser never sends it to another village.
    const signIn = new URLSearchParams({ username: 'admin', password: a.password })
    const login = await call(host('sukamaju'), 'POST', '/login', {
      form: signIn,
      headers: { Accept: 'text/html', Origin: `http://${host('sukamaju')}:${server.port}` },
    })
    const cookies = [login.headers['set-cookie'] ?? []].flat()
    expect(cookies.some((cookie) => cookie.startsWith('token='))).toBe(true)
    for (const cookie of cookies) expect(cookie.toLowerCase()).not.toContain('domain=')
    // What the app logs while serving a village names that village.
    const logins = server.logs().filter((line) => line.event === 'login' && line.outcome === 'ok')
    expect(logins.some((line) => line.username === 'admin' && line.village === 'sukamaju')).toBe(true)
    expect(logins.some((line) => line.username === 'kabupaten' && line.village === 'regency')).toBe(true)
    // The regency's API is the regency host's alone.
    const elsewhere = await call(host('sukamaju'), 'GET', '/api/regency/villages', { token: a.token })
    expect(elsewhere.status).toBe(404)
    const asVillage = await call(REGENCY, 'GET', '/api/regency/villages', { token: a.token })
    expect(asVillage.status).toBe(401)
  })

  it('refuses a dot segment at every host with 400 before the regency host chooses what it serves', async () => {
    const subject = 'Jalan rusak lewat titik dua'
    const report = {
      kind: 'pengaduan',
      name: 'Warga Uji',
      phone: '081234567890',
      subject,
      message: 'Jalan di RT 01 berlubang besar.',
    }
    const apiAttacks = [
      '/api/regency/%2E%2E/public/posts',
      '/api/regency/%2e%2e/public/posts',
      '/api/regency/.%2E/public/posts',
      '/api/regency/../public/posts',
      '/api/regency/./../public/posts',
      '/api/regency/x/..%2F..%2Fpublic/posts',
      '/api/regency/x%5C..%5C..%5Cpublic/posts',
      '/api/regency/\\..\\..\\public/posts',
      // Encoded twice: no layer decodes twice, and none is let try.
      '/api/regency/%252E%252E/public/posts',
    ]
    for (const site of [REGENCY, host('sukamaju')]) {
      for (const address of apiAttacks) {
        const read = await call(site, 'GET', address)
        expect(read.status, `${site} ${address}`).toBe(400)
        expect(read.body).toEqual({ success: false, message: 'Bad Request', errors: null })
        expect(read.headers['cache-control']).toBe('no-store')
      }
      for (const address of ['/api/regency/%2E%2E/public/reports', '/api/regency/..%2Fpublic/reports']) {
        const filed = await call(site, 'POST', address, { json: report })
        expect(filed.status, `${site} ${address}`).toBe(400)
        expect(filed.body).toEqual({ success: false, message: 'Bad Request', errors: null })
      }
    }
    // The report went nowhere: not into the regency's own database (DATA_DIR/regency.db, or the schema `regency`),
    // nor into a village's.
    const regencyDb = onPostgres() ? server : { ...server, dbFile: path.join(server.dir, 'data', 'regency.db') }
    const regencyReports = onPostgres() ? 'regency.reports' : 'reports'
    const filedAt = `SELECT id FROM ${regencyReports} WHERE subject = ?`
    expect(await queryDb(regencyDb, filedAt, [subject])).toEqual([])
    for (const [site, token] of [
      [host('sukamaju'), a.token],
      [host('mekarsari'), b.token],
    ]) {
      const reports = await call(site, 'GET', `/api/admin/reports?search=${encodeURIComponent(subject)}`, { token })
      expect(reports.status).toBe(200)
      expect(reports.body.data.total, site).toBe(0)
    }
    // The regency's users screen is not the regency host's, even for its own account: the plain 400 page.
    for (const address of ['/admin/desa/../users', '/admin/desa/%2e%2e/users', '/admin/desa/..%2Fusers.data']) {
      const page = await call(REGENCY, 'GET', address, {
        headers: { Accept: 'text/html', Cookie: `token=${regencyToken}` },
      })
      expect(page.status, address).toBe(400)
      expect(page.headers['content-type']).toMatch(/^text\/html/)
      expect(page.text).toContain('Permintaan Tidak Valid')
      expect(page.text).not.toContain('kabupaten')
    }
    // A backslash is a slash to Remix: `/api\public\reports\x.txt` is no file of the regency host's, but a village
    // door (the report lookup, the users of /api/admin) reached at the regency host. Its 404, as for the plain path.
    for (const address of ['/api\\public\\reports\\x.txt', '/api\\public\\posts\\x.txt', '/api\\admin\\users\\1.txt']) {
      const read = await call(REGENCY, 'GET', address, { token: regencyToken })
      expect(read.status, address).toBe(404)
      expect(read.body, address).toEqual({ success: false, message: 'Desa tidak ditemukan', errors: null })
    }
    // A dot inside a segment is no dot segment; the plain paths still answer as before.
    expect((await call(REGENCY, 'GET', '/api/public/posts')).status).toBe(404)
    expect((await call(REGENCY, 'GET', '/api/regency/a..b')).status).toBe(404)
    expect((await call(host('sukamaju'), 'GET', '/api/public/posts/a..b')).status).toBe(404)
    expect((await call(host('sukamaju'), 'GET', '/sitemap.xml')).status).toBe(200)
    expect((await call(REGENCY, 'GET', '/favicon.svg')).status).toBe(200)
  })

  it("prunes each village's expired throttle rows, whatever another village pruned a moment ago", async () => {
    // The throttles' "pruned in the last minute" was one for the process: village A's lookups and filings kept
    // village B's expired rows (keyed hashes of client addresses) from ever going while A was busy (decision 065).
    // A failed tracking lookup is counted, and prunes, as a filing does (and files no report).
    const lookUp = (site: string) => call(site, 'GET', '/api/public/reports/ADU-2026-9999?code=SALAHKODE01')
    const tableOf = (id: string) =>
      onPostgres()
        ? { db: server, table: `"village_${id}"."report_throttle"` }
        : { db: { ...server, dbFile: path.join(server.dir, 'data', 'villages', `${id}.db`) }, table: 'report_throttle' }
    expect((await lookUp(host('sukamaju'))).status).toBe(404)
    // An expired row in B, stored as the server stores its own (the format of A's new row on SQLite).
    const ofA = tableOf(a.village.id)
    const [fresh] = await queryDb<{ created_at: unknown }>(ofA.db, `SELECT created_at FROM ${ofA.table} LIMIT 1`)
    const old = new Date(Date.now() - 3 * 3600 * 1000)
    const oldValue =
      typeof fresh.created_at === 'number'
        ? old.getTime()
        : typeof fresh.created_at === 'string'
          ? old.toISOString().slice(0, 23) + fresh.created_at.slice(23)
          : old
    const ofB = tableOf(b.village.id)
    await queryDb(ofB.db, `INSERT INTO ${ofB.table} (key, created_at) VALUES (?, ?)`, ['f:expired-row', oldValue])
    expect((await lookUp(host('mekarsari'))).status).toBe(404)
    expect(await queryDb(ofB.db, `SELECT id FROM ${ofB.table} WHERE key = ?`, ['f:expired-row'])).toEqual([])
  })

  it('serves at the regency host the routes that declare it (handle.regency) and no other', async () => {
    const refused = (answer: { status: number; text: string }) =>
      answer.status === 404 && answer.text.includes('Desa tidak ditemukan')
    const html = { Accept: 'text/html' }
    const served = [
      '/',
      '/berita',
      '/berita.data',
      '/_root.data',
      '/rss.xml',
      '/login',
      '/logout',
      '/forgot-password',
      '/reset-password/abc',
      '/admin',
      '/admin/dashboard',
      '/admin/forbidden',
      '/admin/account',
      '/admin/activities',
      '/admin/desa',
      '/admin/desa/create',
      '/admin/desa/import',
      '/admin/announcements',
      '/admin/announcements/create',
      '/api/regency/villages',
      '/api/regency/announcements',
      '/api/regency/public/posts',
      '/api/admin/me',
      '/api/admin/me/sessions',
      '/api/regency/nothing-here',
      '/healthz',
      '/favicon.svg',
      '/robots.txt',
      '/manifest.webmanifest',
    ]
    for (const address of served) {
      const answer = await call(REGENCY, 'GET', address, { headers: html, token: regencyToken })
      expect(refused(answer), `${address}: ${answer.status}`).toBe(false)
    }
    // An unknown address under the regency's API answers as the API does: the JSON 404 of an unknown path.
    expect((await call(REGENCY, 'GET', '/api/regency/nothing-here')).body.message).toBe('Not found')
    for (const address of [
      '/posts',
      '/cari',
      '/sitemap.xml',
      '/admin/users',
      '/admin/settings',
      '/admin/users.data',
      '/admin/posts/create',
      '/api/admin/users',
      '/api/public/settings',
    ]) {
      const answer = await call(REGENCY, 'GET', address, { headers: html, token: regencyToken })
      expect(refused(answer), `${address}: ${answer.status}`).toBe(true)
    }
  })

  it('gives the regency account a two-factor login of its own, apart from every village', async () => {
    const setup = await call(REGENCY, 'POST', '/api/admin/me/2fa/setup', { token: regencyToken })
    expect(setup.status, setup.text).toBe(200)
    const secret = setup.body.data.secret as string
    const enabledAt = Date.now()
    const enabled = await call(REGENCY, 'POST', '/api/admin/me/2fa/enable', {
      token: regencyToken,
      json: { code: totp(secret, enabledAt) },
    })
    expect(enabled.status, enabled.text).toBe(200)
    const login = (site: string, json: Record<string, string>) => call(site, 'POST', '/api/login', { json })
    const withoutCode = await login(REGENCY, { username: 'kabupaten', password: 'password' })
    expect(withoutCode.status).toBe(401)
    expect(withoutCode.body.errors).toEqual({ Code: 'Two-factor code required' })
    // A step after the one that turned it on (a code's step is used once).
    const code = totp(secret, Math.max(Date.now(), (Math.floor(enabledAt / 30_000) + 1) * 30_000))
    const withCode = await login(REGENCY, { username: 'kabupaten', password: 'password', code })
    expect(withCode.status, withCode.text).toBe(200)
    // Each village's accounts are their own: its admin still signs in without a code, and is not the regency's.
    expect((await login(host('sukamaju'), { username: 'admin', password: a.password })).status).toBe(200)
    expect((await login(host('sukamaju'), { username: 'kabupaten', password: 'password', code })).status).toBe(401)
    const disabled = await call(REGENCY, 'POST', '/api/admin/me/2fa/disable', {
      token: regencyToken,
      json: { password: 'password' },
    })
    expect(disabled.status, disabled.text).toBe(200)
    expect((await login(REGENCY, { username: 'kabupaten', password: 'password' })).status).toBe(200)
  })

  it('lists the villages with their figures, searched on name, slug and domains', async () => {
    const list = await call(REGENCY, 'GET', '/api/regency/villages', { token: regencyToken })
    expect(list.status).toBe(200)
    const slugs = list.body.data.data.map((village: any) => village.slug)
    expect(slugs).toEqual(expect.arrayContaining(['sukamaju', 'mekarsari']))
    const sukamaju = list.body.data.data.find((village: any) => village.slug === 'sukamaju')
    expect(sukamaju).toMatchObject({
      id: a.village.id,
      name: 'Desa Sukamaju',
      domains: ['sukamaju.desa.id'],
      status: 'active',
      stats: { posts_30d: expect.any(Number), budget_year: null, open_reports: 0 },
    })
    expect(sukamaju.stats.posts_count).toBeGreaterThanOrEqual(2)
    expect(new Date(sukamaju.stats.last_published_at).getTime()).toBeGreaterThan(Date.now() - 3600_000)
    const found = await call(REGENCY, 'GET', '/api/regency/villages?search=desa.id', { token: regencyToken })
    expect(found.body.data.data.map((village: any) => village.slug)).toEqual(['sukamaju'])
    expect(found.body.data.total).toBe(1)
  })

  it("gives the portal's news of every active village together, each linking to its village's host", async () => {
    const news = await call(REGENCY, 'GET', '/api/regency/public/posts?search=Kerja%20Bakti')
    expect(news.status).toBe(200)
    const items = news.body.data.data
    expect(items.map((post: any) => post.village.slug).sort()).toEqual(['mekarsari', 'sukamaju'])
    const ofA = items.find((post: any) => post.village.slug === 'sukamaju')
    expect(ofA.village).toEqual({
      slug: 'sukamaju',
      name: 'Desa Sukamaju',
      url: `http://${host('sukamaju')}:${server.port}/`,
    })
    expect(ofA.url).toBe(`http://${host('sukamaju')}:${server.port}/posts/${ofA.slug}`)
    expect(news.body.data.total).toBe(2)
    // Newest first across villages, and paged as a village's list is.
    const all = await call(REGENCY, 'GET', '/api/regency/public/posts?limit=2')
    const times = all.body.data.data.map((post: any) => new Date(post.published_at).getTime())
    expect(times).toEqual([...times].sort((x, y) => y - x))
    expect(all.body.data.per_page).toBe(2)
    // Only at the regency host.
    expect((await call(host('sukamaju'), 'GET', '/api/regency/public/posts')).status).toBe(404)
  })

  it("shows the regency's announcements on every active village, marked, and no village can change them", async () => {
    const village = (site: string) => call(site, 'GET', '/api/public/announcements')
    // Read first, so the answer without it sits in every cache.
    for (const site of [host('sukamaju'), host('mekarsari')]) expect((await village(site)).status).toBe(200)
    const own = await call(host('sukamaju'), 'POST', '/api/admin/announcements', {
      token: a.token,
      json: { title: 'Kerja bakti di balai desa', starts_at: '2026-01-01T00:00:00Z' },
    })
    expect(own.status, own.text).toBe(201)
    const created = await call(REGENCY, 'POST', '/api/regency/announcements', {
      token: regencyToken,
      json: {
        title: 'Vaksinasi PMK se-kabupaten',
        content: '<p>Bawa kartu ternak.</p>',
        starts_at: '2026-01-02T00:00:00Z',
      },
    })
    expect(created.status, created.text).toBe(201)
    const id = created.body.data.id
    const shownA = (await village(host('sukamaju'))).body.data
    expect(shownA.map((row: any) => [row.title, row.source])).toEqual([
      ['Vaksinasi PMK se-kabupaten', 'kabupaten'],
      ['Kerja bakti di balai desa', 'desa'],
    ])
    expect((await village(host('mekarsari'))).body.data.map((row: any) => [row.id, row.source])).toEqual([
      [id, 'kabupaten'],
    ])
    // Its page on each village's host, and the banner of every page linking to it.
    const page = await call(host('mekarsari'), 'GET', `/pengumuman/kabupaten/${id}`, {
      headers: { Accept: 'text/html' },
    })
    expect(page.status).toBe(200)
    expect(page.text).toContain('Vaksinasi PMK se-kabupaten')
    expect(page.text).toContain('Pemerintah Kabupaten')
    const home = await call(host('sukamaju'), 'GET', '/', { headers: { Accept: 'text/html' } })
    expect(home.text).toContain(`href="/pengumuman/kabupaten/${id}"`)
    expect(home.text).toContain(`href="/pengumuman/${own.body.data.id}"`)
    const changed = await call(REGENCY, 'PUT', `/api/regency/announcements/${id}`, {
      token: regencyToken,
      json: { title: 'Vaksinasi PMK diundur', starts_at: '2026-01-02T00:00:00Z' },
    })
    expect(changed.status, changed.text).toBe(200)
    expect((await village(host('mekarsari'))).body.data[0].title).toBe('Vaksinasi PMK diundur')
    // A village's admin API knows no such id: it addresses the village's own announcements only (Mekarsari has none).
    const refused = await call(host('mekarsari'), 'DELETE', `/api/admin/announcements/${id}`, { token: b.token })
    expect(refused.status).toBe(404)
    expect((await village(host('mekarsari'))).body.data).toHaveLength(1)
    // Deleted by the regency: gone from every village at once.
    const removed = await call(REGENCY, 'DELETE', `/api/regency/announcements/${id}`, { token: regencyToken })
    expect(removed.status).toBe(200)
    expect((await village(host('mekarsari'))).body.data).toEqual([])
    expect((await village(host('sukamaju'))).body.data.map((row: any) => row.source)).toEqual(['desa'])
    const gone = await call(host('mekarsari'), 'GET', `/pengumuman/kabupaten/${id}`, {
      headers: { Accept: 'text/html' },
    })
    expect(gone.status).toBe(404)
    // Only regency accounts, only at the regency host.
    expect((await call(host('sukamaju'), 'GET', '/api/regency/announcements', { token: a.token })).status).toBe(404)
    expect((await call(REGENCY, 'GET', '/api/regency/announcements')).status).toBe(401)
  })

  it('refuses a bad village with 422 and creates nothing', async () => {
    const before = await villageDatabases(server)
    expect(before).toHaveLength(2)
    const cases: [Record<string, unknown>, string][] = [
      [{ slug: 'admin', name: 'Desa Admin' }, 'Slug'],
      [{ slug: 'www', name: 'Desa W' }, 'Slug'],
      [{ slug: 'sukamaju', name: 'Desa Lain' }, 'Slug'],
      [{ slug: 'Bad_Slug', name: 'Desa Lain' }, 'Slug'],
      [{ slug: 'ab', name: 'Desa Lain' }, 'Slug'],
      [{ slug: 'cicalengka', name: '' }, 'Name'],
      [{ slug: 'cicalengka', name: 'Desa C', domains: ['sukamaju.desa.id'] }, 'Domains'],
      [{ slug: 'cicalengka', name: 'Desa C', domains: [REGENCY] }, 'Domains'],
      [{ slug: 'cicalengka', name: 'Desa C', domains: [`lain.${REGENCY}`] }, 'Domains'],
      [{ slug: 'cicalengka', name: 'Desa C', domains: ['bukan host'] }, 'Domains'],
    ]
    for (const [json, key] of cases) {
      const answer = await call(REGENCY, 'POST', '/api/regency/villages', { token: regencyToken, json })
      expect(answer.status, JSON.stringify(json)).toBe(422)
      expect(Object.keys(answer.body.errors), JSON.stringify(json)).toContain(key)
    }
    expect(await villageDatabases(server)).toEqual(before)
    // A domain moved to B is B's from the next request on.
    const claimed = await call(REGENCY, 'PUT', `/api/regency/villages/${b.village.id}`, {
      token: regencyToken,
      json: { domains: ['sukamaju.desa.id'] },
    })
    expect(claimed.status).toBe(422)
  })

  it('suspends a village (503 at every address, data kept), resumes it, deletes it only when suspended', async () => {
    const c = await newVillage('cibodas', 'Desa Cibodas', { domains: ['cibodas.desa.id'] })
    const post = await newPost(host('cibodas'), c.token, 'Musyawarah Desa Cibodas', true)
    const change = (json: unknown) =>
      call(REGENCY, 'PUT', `/api/regency/villages/${c.village.id}`, { token: regencyToken, json })
    expect((await change({ status: 'suspended' })).body.data.status).toBe('suspended')
    for (const site of [host('cibodas'), 'cibodas.desa.id'])
      for (const address of ['/', '/api/public/posts', `/uploads/posts/${post.image}`, '/healthz', '/admin']) {
        const answer = await call(site, 'GET', address)
        if (address === '/healthz') continue
        expect(answer.status, `${site}${address}`).toBe(503)
        if (address.startsWith('/api'))
          expect(answer.body).toEqual({ success: false, message: 'Situs desa ini sedang dinonaktifkan.', errors: null })
        else expect(answer.text).toContain('Situs desa ini sedang dinonaktifkan.')
      }
    expect(
      (await call(REGENCY, 'DELETE', `/api/regency/villages/${b.village.id}`, { token: regencyToken })).status,
    ).toBe(409)
    expect((await change({ status: 'active' })).body.data.status).toBe('active')
    expect((await call(host('cibodas'), 'GET', `/api/public/posts/${post.slug}`)).status).toBe(200)
    expect((await call(host('cibodas'), 'GET', '/api/admin/me', { token: c.token })).status).toBe(200)

    await change({ status: 'suspended' })
    expect(await villageDatabases(server)).toContain(c.village.id)
    const removed = await call(REGENCY, 'DELETE', `/api/regency/villages/${c.village.id}`, { token: regencyToken })
    expect(removed.status).toBe(200)
    // Every delete answers `data: null` (docs/api.md "Envelope").
    expect(removed.body).toEqual({ success: true, message: 'Village deleted successfully!', data: null })
    expect(await villageDatabases(server)).not.toContain(c.village.id)
    expect(fs.existsSync(path.join(server.uploadsDir, 'villages', c.village.id))).toBe(false)
    expect((await call(host('cibodas'), 'GET', '/api/public/posts')).status).toBe(404)
    expect((await call('cibodas.desa.id', 'GET', '/api/public/posts')).status).toBe(404)

    // The slug and the domain may be used again; the old village's token opens nothing of the new one.
    const again = await newVillage('cibodas', 'Desa Cibodas Baru', { domains: ['cibodas.desa.id'] })
    expect(again.village.id).not.toBe(c.village.id)
    expect((await call(host('cibodas'), 'GET', '/api/admin/me', { token: c.token })).status).toBe(401)
    expect((await call(host('cibodas'), 'GET', `/api/public/posts/${post.slug}`)).status).toBe(404)
  })

  it('imports within the unpack limit, refuses links and escaping names, rebuilds the database (063)', async () => {
    const exported = await call(REGENCY, 'GET', `/api/regency/villages/${a.village.id}/export`, {
      token: regencyToken,
      raw: true,
    })
    expect(exported.status).toBe(200)
    const entries = await entriesOf(exported.raw!)
    // Everything an import could leave behind: the village, its database, its uploads, the staging.
    const villagesDir = path.join(server.dir, 'data', 'villages')
    const leftovers = async () => ({
      villages: (await call(REGENCY, 'GET', '/api/regency/villages', { token: regencyToken })).body.data.total,
      databases: await villageDatabases(server),
      files: onPostgres() || !fs.existsSync(villagesDir) ? [] : fs.readdirSync(villagesDir).sort(),
      uploads: fs.readdirSync(path.join(server.uploadsDir, 'villages')).sort(),
      staging: fs.readdirSync(path.join(server.uploadsDir, '.tmp')).filter((name) => /^(import|upload)/.test(name)),
    })
    const before = await leftovers()

    // A gzip bomb: one entry of 48 MB of zeros (about 50 KB packed), past 4 times the 8 MB upload limit.
    const bomb = await packed([{ name: 'database.db', data: Buffer.alloc(48 * 1024 * 1024) }])
    expect(bomb.length).toBeLessThan(IMPORT_MAX_MB * 1024 * 1024)
    // ...and the same zeros spread over many small entries, each under the limit, together past it.
    const spread = await packed(
      Array.from({ length: 40 }, (_, at) => ({ name: `uploads/posts/${at}.jpg`, data: Buffer.alloc(1024 * 1024) })),
    )
    for (const [what, data] of [
      ['one entry', bomb],
      ['many entries', spread],
    ] as const) {
      const refused = await importing('ledakan', data)
      expect(refused.status, what).toBe(422)
      expect(refused.body.errors, what).toEqual({
        File: `File unpacks to more than ${4 * IMPORT_MAX_MB} MB (4 times the upload limit)`,
      })
    }
    expect(await leftovers()).toEqual(before)
    // The server still serves.
    expect((await call(host('sukamaju'), 'GET', '/api/public/posts')).status).toBe(200)

    // A whole archive with one entry more that escapes its folder, is a link or is a device: refused, all of it.
    for (const [what, extra, says] of [
      ['a ../ name', { name: '../../escaped.txt', data: Buffer.from('x') }, 'is not a plain relative path'],
      ['an absolute name', { name: '/tmp/escaped.txt', data: Buffer.from('x') }, 'is not a plain relative path'],
      ['a ../ inside uploads', { name: 'uploads/posts/../../x.jpg', data: Buffer.from('x') }, 'plain relative'],
      ['a symlink', { name: 'uploads/posts/link.jpg', type: 'symlink', linkname: '/etc/passwd' }, 'is a symlink'],
      ['a hard link', { name: 'uploads/posts/hard.jpg', type: 'link', linkname: 'database.db' }, 'is a link'],
      ['a device', { name: 'uploads/posts/null.jpg', type: 'character-device' }, 'is a character-device'],
    ] as const) {
      const refused = await importing('lolos', await packed([extra as TarEntry, ...entries]))
      expect(refused.status, what).toBe(422)
      expect(Object.keys(refused.body.errors), what).toEqual(['File'])
      expect(refused.body.errors.File, what).toContain(says)
    }
    expect(await leftovers()).toEqual(before)
    expect(fs.existsSync(path.join(server.uploadsDir, 'escaped.txt'))).toBe(false)

    // The database of the archive carries a back door: a trigger that makes an account whenever a post is written, a
    // view, a table and a column of its own, a user_version. The village is rebuilt from its rows without any of it.
    const work = fs.mkdtempSync(path.join(server.dir, 'pintu-'))
    const file = path.join(work, 'database.db')
    fs.writeFileSync(file, entries.find((entry) => entry.name === 'database.db')!.data!)
    const db = new Database(file)
    db.exec(`
      CREATE TABLE "pintu_notes" ("note" TEXT);
      INSERT INTO "pintu_notes" VALUES ('rahasia');
      ALTER TABLE "posts" ADD COLUMN "pintu" TEXT;
      CREATE VIEW "pintu_view" AS SELECT "username", "password" FROM "users";
      CREATE TRIGGER "pintu" AFTER INSERT ON "posts" BEGIN
        INSERT INTO "users" ("name", "username", "email", "password", "updated_at")
        VALUES ('Pintu', 'pintu', 'pintu@pintu.test', (SELECT "password" FROM "users" WHERE "username" = 'admin'),
          CURRENT_TIMESTAMP);
      END;
      PRAGMA user_version = 77;
    `)
    db.pragma('journal_mode = DELETE')
    db.close()
    const changed = fs.readFileSync(file)
    fs.rmSync(work, { recursive: true, force: true })
    const manifest = JSON.parse(entries.find((entry) => entry.name === 'manifest.json')!.data!.toString('utf8'))
    manifest.database_sha256 = crypto.createHash('sha256').update(changed).digest('hex')
    const doctored = await packed(
      entries.map((entry) =>
        entry.name === 'database.db'
          ? { ...entry, data: changed }
          : entry.name === 'manifest.json'
            ? { ...entry, data: Buffer.from(JSON.stringify(manifest)) }
            : entry,
      ),
    )
    const imported = await importing('pintu', doctored)
    expect(imported.status, imported.text).toBe(201)
    const id = imported.body.data.id
    if (onPostgres()) {
      const schema = `village_${id}`
      const found = await queryDb<{ name: string }>(
        server,
        `SELECT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = '${schema}' ` +
          `AND trigger_name LIKE 'pintu%' UNION ALL SELECT table_name FROM information_schema.tables ` +
          `WHERE table_schema = '${schema}' AND table_name LIKE 'pintu%' UNION ALL SELECT column_name ` +
          `FROM information_schema.columns WHERE table_schema = '${schema}' AND column_name LIKE 'pintu%'`,
      )
      expect(found).toEqual([])
    } else {
      const village = new Database(path.join(villagesDir, `${id}.db`), { readonly: true })
      try {
        expect(village.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'pintu%'").all()).toEqual([])
        expect(village.prepare("SELECT name FROM sqlite_master WHERE type = 'view'").all()).toEqual([])
        expect(
          (village.pragma('table_info("posts")') as { name: string }[]).map((column) => column.name),
        ).not.toContain('pintu')
        expect(village.pragma('user_version', { simple: true })).toBe(0)
      } finally {
        village.close()
      }
    }
    // The village works: its admin logs in and writes; no account appears; its public pages answer.
    const admin = await loginAt(host('pintu'), 'admin', a.password)
    await newPost(host('pintu'), admin, 'Musyawarah Dusun')
    const users = await call(host('pintu'), 'GET', '/api/admin/users?search=pintu', { token: admin })
    expect(users.status, users.text).toBe(200)
    expect(users.body.data.total).toBe(0)
    const knocked = await call(host('pintu'), 'POST', '/api/login', {
      json: { username: 'pintu', password: a.password },
    })
    expect(knocked.status).not.toBe(200)
    const posts = await call(host('pintu'), 'GET', '/api/public/posts?search=Kerja%20Bakti')
    expect(posts.body.data.data.map((post: any) => post.title)).toEqual(['Kerja Bakti Bersama Warga'])
    expect((await call(host('pintu'), 'GET', '/', { headers: { Accept: 'text/html' } })).status).toBe(200)
    // Gone again: the tests after this one count three villages.
    await call(REGENCY, 'PUT', `/api/regency/villages/${id}`, { token: regencyToken, json: { status: 'suspended' } })
    expect((await call(REGENCY, 'DELETE', `/api/regency/villages/${id}`, { token: regencyToken })).status).toBe(200)
  })

  it('npm run reset-password names its site with REGENCY_HOST (--village SLUG or --regency)', () => {
    const env = {
      ...process.env,
      DATABASE_URL: server.databaseUrl,
      UPLOADS_DIR: server.uploadsDir,
      REGENCY_HOST: REGENCY,
    }
    // npm run reset-password names its site with REGENCY_HOST, and reads that site's database in its scope (decision
    // 064: nothing reaches a village's data outside one); the link is on the site's own host.
    const reset = (...args: string[]) =>
      spawnSync(process.execPath, ['scripts/reset-password.mjs', ...args], {
        cwd: ROOT,
        env: {
          ...env,
          JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
          SITE_URL: 'http://x.test:8080',
        },
        encoding: 'utf8',
      })
    const unnamed = reset('admin')
    expect(unnamed.status).toBe(2)
    expect(unnamed.stderr).toContain('--village SLUG')
    const ofMekarsari = reset('admin', '--village', 'mekarsari')
    expect(ofMekarsari.status, ofMekarsari.stderr).toBe(0)
    expect(ofMekarsari.stdout).toContain(`http://mekarsari.${REGENCY}:8080/reset-password/`)
    const ofRegency = reset('kabupaten', '--regency')
    expect(ofRegency.status, ofRegency.stderr).toBe(0)
    expect(ofRegency.stdout).toContain(`http://${REGENCY}:8080/reset-password/`)
    expect(reset('kabupaten', '--village', 'tidakada').status).toBe(1)
  })

  it('backs up one village and restores it into another, uploads included (backup and restore --village)', async () => {
    const out = path.join(server.dir, 'sukamaju.tar.gz')
    const env = {
      ...process.env,
      DATABASE_URL: server.databaseUrl,
      UPLOADS_DIR: server.uploadsDir,
      REGENCY_HOST: REGENCY,
    }
    const run = (script: string, ...args: string[]) =>
      spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args], { cwd: ROOT, env, encoding: 'utf8' })
    // npm run scan visits every village and names the one holding a stray file.
    const stray = path.join(server.uploadsDir, 'villages', b.village.id, 'posts', 'shell.php')
    fs.writeFileSync(stray, '<?php echo 1;')
    const scan = run('scan')
    expect(scan.status, scan.stderr).toBe(1)
    expect(scan.stdout).toMatch(/\[scan\] village \d\/3: mekarsari/)
    expect(scan.stdout).toContain('[scan] mekarsari: uploads posts/shell.php: not a name the site gives an upload')
    expect(scan.stdout).not.toMatch(/\[scan\] (sukamaju|cibodas): uploads/)
    expect(scan.stdout).toMatch(/in 3 villages\)$/m)
    fs.rmSync(stray)
    expect(run('scan', '--village', 'mekarsari').status).toBe(0)

    const backup = run('backup', '--village', 'sukamaju', '--out', out)
    expect(backup.status, backup.stderr).toBe(0)
    // The console's export is the same archive: the same database rows and the same files, hashed alike.
    const exported = await call(REGENCY, 'GET', `/api/regency/villages/${a.village.id}/export`, {
      token: regencyToken,
      raw: true,
    })
    expect(exported.status).toBe(200)
    expect(exported.headers['content-type']).toBe('application/gzip')
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="balai-desa-sukamaju-\d{8}\.tar\.gz"$/,
    )
    const manifestOf = (archive: Buffer) =>
      new Promise<any>((resolve, reject) => {
        const extract = tar.extract()
        extract.on('entry', (header, stream, next) => {
          const chunks: Buffer[] = []
          stream.on('data', (chunk) => chunks.push(chunk as Buffer))
          stream.on('end', () => {
            if (header.name === 'manifest.json') resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
            next()
          })
        })
        extract.on('error', reject)
        extract.end(zlib.gunzipSync(archive))
      })
    const fromExport = await manifestOf(exported.raw!)
    const fromBackup = await manifestOf(fs.readFileSync(out))
    expect(fromExport.rows).toEqual(fromBackup.rows)
    expect(fromExport.files).toEqual(fromBackup.files)
    expect(Object.keys(fromExport.files).length).toBeGreaterThan(0)
    // Removed once sent: when the file's read stream closes, which may come just after the last byte reached us.
    await vi.waitFor(
      () =>
        expect(
          fs.readdirSync(path.join(server.uploadsDir, '.tmp')).filter((name) => name.startsWith('export')),
        ).toEqual([]),
      { timeout: 10_000, interval: 100 },
    )
    expect(
      (await call(host('sukamaju'), 'GET', `/api/regency/villages/${a.village.id}/export`, { token: a.token })).status,
    ).toBe(404)

    // The export, imported as a new village: its posts, pictures and accounts with it.
    const before = await villageDatabases(server)
    for (const [what, data] of [
      ['not an archive', Buffer.from('bukan arsip')],
      ['a damaged archive', exported.raw!.subarray(0, Math.floor(exported.raw!.length / 2))],
      ['an archive without a manifest', zlib.gzipSync(Buffer.alloc(1024))],
    ] as const) {
      const refused = await importing('cikaret', data)
      expect(refused.status, what).toBe(422)
      expect(Object.keys(refused.body.errors), what).toEqual(['File'])
    }
    expect(await villageDatabases(server)).toEqual(before)
    const imported = await importing('cikaret', exported.raw!)
    expect(imported.status, imported.text).toBe(201)
    expect(imported.body.data).toMatchObject({ slug: 'cikaret', name: 'Desa cikaret', status: 'active' })
    const copied = (await call(host('cikaret'), 'GET', '/api/public/posts?search=Kerja%20Bakti')).body.data.data[0]
    expect(copied.title).toBe('Kerja Bakti Bersama Warga')
    expect((await call(host('cikaret'), 'GET', `/uploads/posts/${copied.image}`)).status).toBe(200)
    expect((await loginAt(host('cikaret'), 'admin', a.password)).length).toBeGreaterThan(20)
    // A single-village install's backup imports too: a SQLite install's (its database is the archive's format).
    const single = path.join(server.dir, 'single.tar.gz')
    const backupSingle = (databaseUrl: string, uploadsDir: string) => {
      fs.rmSync(single, { force: true })
      const made = spawnSync(process.execPath, ['scripts/backup.mjs', '--out', single], {
        cwd: ROOT,
        env: { ...env, DATABASE_URL: databaseUrl, REGENCY_HOST: '', UPLOADS_DIR: uploadsDir },
        encoding: 'utf8',
      })
      expect(made.status, made.stderr).toBe(0)
      return fs.readFileSync(single)
    }
    let sqliteSite: TestServer | undefined
    if (onPostgres()) {
      // A PostgreSQL install's backup is a pg_dump, which a village does not take.
      const dumped = await importing(
        'sindangsari',
        backupSingle(server.databaseUrl, path.join(server.dir, 'single-uploads')),
      )
      expect(dumped.status, dumped.text).toBe(422)
      expect(Object.keys(dumped.body.errors)).toEqual(['File'])
      expect(await villageDatabases(server)).toEqual([...before, imported.body.data.id].sort())
      sqliteSite = await startServer({ postgres: false })
      await sqliteSite.stop()
    }
    const fromSingle = await importing(
      'sindangsari',
      sqliteSite
        ? backupSingle(`file:${sqliteSite.dbFile}`, sqliteSite.uploadsDir)
        : backupSingle(server.databaseUrl, path.join(server.dir, 'single-uploads')),
    )
    if (sqliteSite) fs.rmSync(sqliteSite.dir, { recursive: true, force: true })
    expect(fromSingle.status, fromSingle.text).toBe(201)
    expect((await call(host('sindangsari'), 'GET', '/api/public/settings')).status).toBe(200)
    // Both gone again: the tests after this one count three villages.
    for (const id of [imported.body.data.id, fromSingle.body.data.id]) {
      await call(REGENCY, 'PUT', `/api/regency/villages/${id}`, {
        token: regencyToken,
        json: { status: 'suspended' },
      })
      expect((await call(REGENCY, 'DELETE', `/api/regency/villages/${id}`, { token: regencyToken })).status).toBe(200)
    }
    expect(run('backup', '--village', 'tidakada', '--out', out).stderr).toContain('no village tidakada')

    // Without --village: the whole install, each village named as it goes and a summary at the end...
    const wholeFile = path.join(server.dir, 'whole.tar')
    const whole = run('backup', '--out', wholeFile)
    expect(whole.status, whole.stderr).toBe(0)
    expect(whole.stdout.match(/^village \d\/3: \w+$/gm)).toEqual([
      'village 1/3: cibodas',
      'village 2/3: mekarsari',
      'village 3/3: sukamaju',
    ])
    expect(whole.stdout).toMatch(/the regency and 3\/3 villages \(\d+ rows, \d+ files\)$/m)
    // ...restored into an empty install elsewhere: every village at its host with its data, the regency's accounts.
    const elsewhere = path.join(server.dir, 'elsewhere')
    const thereDatabase = await createEmptyDatabase(elsewhere)
    const there = { ...env, DATABASE_URL: thereDatabase.databaseUrl, UPLOADS_DIR: path.join(elsewhere, 'uploads') }
    // Its registry: the file next to the database on SQLite, the schema `registry` on PostgreSQL.
    const registryThere = async () =>
      onPostgres()
        ? (
            await queryDb<{ found: string | null }>(thereDatabase, `SELECT to_regclass('registry.villages') AS found`)
          )[0].found !== null
        : fs.existsSync(path.join(elsewhere, 'data', 'villages.db'))
    const restoreThere = (...args: string[]) =>
      spawnSync(process.execPath, ['scripts/restore.mjs', ...args], { cwd: ROOT, env: there, encoding: 'utf8' })
    // One site's archive, a damaged one, or a stranger's file: refused, nothing written.
    for (const [file, says] of [
      [out, "one site's backup"],
      [path.join(server.dir, 'half.tar'), 'not a whole-install backup'],
    ] as const) {
      if (file !== out) fs.writeFileSync(file, fs.readFileSync(wholeFile).subarray(0, 20_000))
      const refused = restoreThere(file)
      expect(refused.status, file).toBe(1)
      expect(refused.stderr).toContain(says)
      expect(await registryThere()).toBe(false)
    }
    const back = restoreThere(wholeFile)
    expect(back.status, back.stderr).toBe(0)
    expect(back.stdout).toContain('village 3/3: sukamaju')
    expect(back.stdout).toMatch(/the regency and 3\/3 villages restored/)
    // An install that holds villages already is not overwritten without --force.
    expect(restoreThere(wholeFile).stderr).toContain('already holds 3 village(s)')
    const second = await startServer({
      dir: elsewhere,
      env: { REGENCY_HOST: REGENCY, TRUST_PROXY: '0', SITE_URL: undefined },
    })
    try {
      const at = (site: string, address: string) => call(site, 'GET', address, { port: second.port })
      const found = (await at('sukamaju.desa.id', '/api/public/posts?search=Kerja%20Bakti')).body.data.data
      expect(found.map((row: any) => row.title)).toEqual(['Kerja Bakti Bersama Warga'])
      expect((await at(host('sukamaju'), `/uploads/posts/${found[0].image}`)).status).toBe(200)
      expect((await at(host('mekarsari'), '/api/public/settings')).body.data.site_name).toBe('Desa Mekarsari')
      const login = await call(REGENCY, 'POST', '/api/login', {
        json: { username: 'kabupaten', password: 'password' },
        port: second.port,
      })
      expect(login.status, login.text).toBe(200)
    } finally {
      await second.stop()
    }

    await server.stop()
    // Cibodas holds a site (its admin): only with --force.
    expect(run('restore', out, '--village', 'cibodas').status).toBe(1)
    const restored = run('restore', out, '--village', 'cibodas', '--force')
    expect(restored.status, restored.stderr).toBe(0)
    server = await startServer({
      dir: server.dir,
      env: { REGENCY_HOST: REGENCY, TRUST_PROXY: '0', SITE_URL: undefined },
    })
    const list = await call(host('cibodas'), 'GET', '/api/public/posts?search=Kerja%20Bakti')
    const [post] = list.body.data.data
    expect(post.content).toContain('Isi Kerja Bakti Bersama Warga')
    expect((await call(host('cibodas'), 'GET', `/uploads/posts/${post.image}`)).status).toBe(200)
    expect((await call(host('cibodas'), 'GET', '/api/public/settings')).body.data.site_name).toBe('Desa Sukamaju')
    // Its accounts came along: sukamaju's admin password opens cibodas now, sukamaju's token does not.
    expect((await loginAt(host('cibodas'), 'admin', a.password)).length).toBeGreaterThan(20)
    expect((await call(host('cibodas'), 'GET', '/api/admin/me', { token: a.token })).status).toBe(401)
    expect((await call(host('sukamaju'), 'GET', '/api/admin/me', { token: a.token })).status).toBe(200)
  })

  it('migrates every village at start, and stops naming the village whose migration fails', async () => {
    await server.stop()
    // Two workers this time (the default on a machine of two cores): the primary migrates, the workers serve.
    server = await startServer({
      dir: server.dir,
      env: { REGENCY_HOST: REGENCY, TRUST_PROXY: '0', SITE_URL: undefined, WEB_CONCURRENCY: '2' },
    })
    const progress = server.logs().filter((line) => line.event === 'village-migrate')
    expect(progress.map((line) => line.msg)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^village \d\/3: (sukamaju|mekarsari|cibodas)$/)]),
    )
    expect(server.logs().some((line) => line.event === 'villages-migrated' && line.villages === 3)).toBe(true)
    // Data survived the restart, tokens too.
    expect((await call(host('sukamaju'), 'GET', '/api/admin/me', { token: a.token })).status).toBe(200)
    // A write through one worker shows at once through both, in its own village only.
    const read = (site: string) => call(site, 'GET', '/api/public/posts?search=Gotong%20Royong')
    for (let round = 0; round < 4; round++) expect((await read(host('mekarsari'))).body.data.total).toBe(0)
    const post = await newPost(host('sukamaju'), a.token, 'Gotong Royong Jembatan')
    for (let round = 0; round < 4; round++) {
      expect((await read(host('sukamaju'))).body.data.data.map((row: any) => row.id)).toEqual([post.id])
      expect((await read(host('mekarsari'))).body.data.total).toBe(0)
    }

    await server.stop()
    // One village's database recorded a migration this code does not know (a newer version's).
    if (onPostgres())
      await queryDb(
        server,
        `INSERT INTO "village_${b.village.id}"."_balai_migrations" ("name", "checksum") ` +
          "VALUES ('99999999999999_from_the_future', 'y')",
      )
    else {
      const db = new Database(path.join(server.dir, 'data', 'villages', `${b.village.id}.db`))
      db.prepare(
        'INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, applied_steps_count) ' +
          "VALUES ('x', 'y', '2026-01-01', '99999999999999_from_the_future', 1)",
      ).run()
      db.close()
    }
    await expect(
      startServer({ dir: server.dir, env: { REGENCY_HOST: REGENCY, TRUST_PROXY: '0', SITE_URL: undefined } }),
    ).rejects.toThrow(/village mekarsari \([0-9a-f]+\) could not be migrated/)
  })
})
