import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { api, clientAddress, expectFailure, expectSuccess, ISO_UTC } from '../support/api'
import { queryDb, startServer, type TestServer } from '../support/server'

// bcrypt and private servers are slow on a busy machine shared with the other test files
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

/**
 * docs/api.md "Site settings", on a server of its own: renaming the village on the shared server would change every
 * other file's titles while they run.
 */

let server: TestServer
let token: string
const call = (method: string, route: string, options: Parameters<typeof api>[2] = {}) =>
  api(method, route, { base: server.url, ...options })

beforeAll(async () => {
  server = await startServer({
    env: {
      SITE_NAME: 'Desa Awal',
      SITE_PHONE: '(0262) 555-0101',
      SITE_EMAIL: 'kantor@awal.desa.id',
      SITE_ADDRESS: 'Jl. Awal 1',
      SEED_DEMO: 'false',
    },
  })
  const login = await call('POST', '/api/login', {
    json: { username: 'admin', password: 'password' },
    headers: { 'X-Forwarded-For': clientAddress() },
  })
  token = expectSuccess(login).token
})

afterAll(async () => {
  await server?.stop()
  if (server) fs.rmSync(server.dir, { recursive: true, force: true })
})

const FIELDS = [
  'site_name',
  'tagline',
  'logo',
  'address',
  'phone',
  'email',
  'whatsapp',
  'facebook',
  'instagram',
  'youtube',
  'map_url',
  'updated_at',
]
const full = {
  site_name: 'Desa Sukamakmur',
  tagline: 'Maju bersama warga',
  address: 'Jl. Balai Desa 2',
  phone: '+62 262 555-0102',
  email: 'info@sukamakmur.desa.id',
  whatsapp: '0812-3456-7890',
  facebook: 'https://facebook.com/desasukamakmur',
  instagram: 'https://instagram.com/desasukamakmur',
  youtube: 'https://youtube.com/@desasukamakmur',
  map_url: 'https://maps.app.goo.gl/abc123',
}

function form(fields: Record<string, string>, logo?: { buffer: Buffer; name: string; type: string }) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.set(name, value)
  if (logo) body.set('logo', new Blob([new Uint8Array(logo.buffer)], { type: logo.type }), logo.name)
  return body
}

const png = (width = 300, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 80 } } })
    .png()
    .toBuffer()

describe('GET /api/public/settings', () => {
  it('answers the SITE_* values an empty database was filled with, without a login', async () => {
    const data = expectSuccess(await call('GET', '/api/public/settings'))
    expect(Object.keys(data).sort()).toEqual([...FIELDS].sort())
    expect(data).toMatchObject({
      site_name: 'Desa Awal',
      address: 'Jl. Awal 1',
      email: 'kantor@awal.desa.id',
      logo: null,
      tagline: '',
      facebook: '',
    })
    // The form's rule for phones has no parentheses: they are dropped when the variable fills the database.
    expect(data.phone).toBe('0262 555-0101')
    expect(data.updated_at).toMatch(ISO_UTC)
  })
})

describe('GET and PUT /api/admin/settings', () => {
  it('need settings-edit (anonymous 401, the seeded user 403)', async () => {
    expectFailure(await call('GET', '/api/admin/settings'), 401, 'Unauthenticated', null)
    expectFailure(await call('PUT', '/api/admin/settings', { json: full }), 401, 'Unauthenticated', null)
    const user = expectSuccess(
      await call('POST', '/api/login', {
        json: { username: 'user', password: 'password' },
        headers: { 'X-Forwarded-For': clientAddress() },
      }),
    ).token
    expectFailure(await call('GET', '/api/admin/settings', { token: user }), 403, 'Forbidden', null)
    expectFailure(await call('PUT', '/api/admin/settings', { token: user, json: full }), 403, 'Forbidden', null)
  })

  it(
    'saves every field (multipart or JSON), and the public call, ' +
      'pages, feed and manifest show them on the next request',
    async () => {
      const saved = expectSuccess(await call('PUT', '/api/admin/settings', { token, form: form(full) }))
      expect(saved).toMatchObject({ ...full, logo: null })
      expect(expectSuccess(await call('GET', '/api/admin/settings', { token }))).toMatchObject(full)
      expect(expectSuccess(await call('GET', '/api/public/settings'))).toMatchObject(full)

      const home = await (await fetch(`${server.url}/`)).text()
      expect(home).toContain('<title>Selamat Datang - Desa Sukamakmur</title>')
      expect(home).toContain('Maju bersama warga')
      expect(home).toContain('href="https://facebook.com/desasukamakmur"')
      expect(home).toContain('href="https://wa.me/6281234567890"')
      const rss = await (await fetch(`${server.url}/rss.xml`)).text()
      expect(rss).toContain('<title>Berita - Desa Sukamakmur</title>')
      const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json()
      expect(manifest.name).toBe('Desa Sukamakmur')

      const json = expectSuccess(
        await call('PUT', '/api/admin/settings', {
          token,
          json: { ...full, site_name: 'Desa Sukamakmur Jaya', instagram: '' },
        }),
      )
      expect(json).toMatchObject({ site_name: 'Desa Sukamakmur Jaya', instagram: '' })
      const again = await (await fetch(`${server.url}/`)).text()
      expect(again).toContain('Desa Sukamakmur Jaya')
      expect(again).not.toContain('instagram.com')

      // Each save is one settings_update entry of the admin, naming the fields it changed (and the name saved).
      const adminId = expectSuccess(await call('GET', '/api/admin/me', { token })).id
      const log = expectSuccess(await call('GET', '/api/admin/activities?action=settings_update', { token })).data
      expect(
        log.map((entry: Record<string, unknown>) => [
          entry.user_id,
          entry.user_name,
          entry.resource,
          entry.resource_id,
          entry.summary,
          entry.changes,
        ]),
      ).toEqual([
        [adminId, 'Administrator', 'settings', null, 'Desa Sukamakmur Jaya', ['site_name', 'instagram']],
        [
          adminId,
          'Administrator',
          'settings',
          null,
          'Desa Sukamakmur',
          [
            'site_name',
            'tagline',
            'address',
            'phone',
            'email',
            'whatsapp',
            'facebook',
            'instagram',
            'youtube',
            'map_url',
          ],
        ],
      ])
    },
  )

  it('answers every error key of the contract with 422 and changes nothing', async () => {
    const before = expectSuccess(await call('GET', '/api/admin/settings', { token }))
    const bad = {
      site_name: 'x'.repeat(101),
      email: 'not-an-address',
      phone: '(022) 1234567',
      whatsapp: '12345',
      facebook: 'http://facebook.com/desa',
      instagram: 'javascript:alert(1)',
      youtube: 'youtube.com/desa',
      map_url: 'ftp://maps.example.com',
    }
    const result = await call('PUT', '/api/admin/settings', { token, json: bad })
    expectFailure(result, 422, 'Validation Errors')
    expect(Object.keys(result.body.errors).sort()).toEqual([
      'Email',
      'Facebook',
      'Instagram',
      'Map_url',
      'Phone',
      'Site_name',
      'Whatsapp',
      'Youtube',
    ])
    expect(result.body.errors.Site_name).toBe('Site_name may not be longer than 100 characters')
    expect(result.body.errors.Facebook).toBe('Facebook must be an https:// address')
    expectFailure(
      await call('PUT', '/api/admin/settings', { token, json: { ...full, site_name: '  ' } }),
      422,
      'Validation Errors',
      { Site_name: 'Site_name is required' },
    )
    // Phones: 8 to 20 digits, with spaces, + and - only.
    for (const phone of ['1234567', '1'.repeat(21), '0812 3456 78a']) {
      expect(
        (await call('PUT', '/api/admin/settings', { token, json: { ...full, phone } })).body.errors?.Phone,
        phone,
      ).toBeTruthy()
    }
    expect(expectSuccess(await call('GET', '/api/admin/settings', { token }))).toEqual(before)
  })

  it(
    'takes a logo through the upload pipeline (width ' + 'copies), replaces it, and removes it with remove_logo=1',
    async () => {
      const first = expectSuccess(
        await call('PUT', '/api/admin/settings', {
          token,
          form: form(full, { buffer: await png(800, 400), name: 'logo.png', type: 'image/png' }),
        }),
      )
      // Its size in its name, copies in the widths it has (docs/decisions/018-picture-size-in-name.md).
      expect(first.logo).toMatch(/^[a-f0-9]{32}-800x400\.png$/)
      const dir = path.join(server.uploadsDir, 'settings')
      const stem = first.logo.replace(/\.png$/, '')
      expect(
        fs
          .readdirSync(dir)
          .filter((name) => name.startsWith(stem))
          .sort(),
      ).toEqual([first.logo, `${stem}-320.webp`, `${stem}-640.webp`, `${stem}-800.webp`].sort())
      const served = await fetch(`${server.url}/uploads/settings/${first.logo}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      const home = await (await fetch(`${server.url}/`)).text()
      expect(home).toContain(`/uploads/settings/${first.logo}`)
      const jsonLd = [...home.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
        JSON.parse(match[1]),
      )
      expect(jsonLd.find((graph) => graph['@type'] === 'GovernmentOrganization')?.logo).toBe(
        `${server.url}/uploads/settings/${first.logo}`,
      )
      // A page without a picture of its own is shared with the logo (OpenGraph and Twitter), named by the village.
      const ogImage = (html: string, name: string) =>
        html.match(new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`))?.[1]
      for (const name of ['og:image', 'twitter:image'])
        expect(ogImage(home, name), name).toBe(`${server.url}/uploads/settings/${first.logo}`)
      expect(ogImage(home, 'og:image:alt')).toBe(full.site_name)

      // A save without a file keeps the logo; a new file replaces it and the old one's files go.
      expect(expectSuccess(await call('PUT', '/api/admin/settings', { token, form: form(full) })).logo).toBe(first.logo)
      const second = expectSuccess(
        await call('PUT', '/api/admin/settings', {
          token,
          form: form(full, { buffer: await png(200, 100), name: 'b.png', type: 'image/png' }),
        }),
      )
      expect(second.logo).not.toBe(first.logo)
      expect(fs.readdirSync(dir).some((name) => name.startsWith(stem))).toBe(false)

      // In JSON, remove_logo is true or 1 (0 or false keep the logo); anything else is a 422 on the field.
      expect(
        expectSuccess(await call('PUT', '/api/admin/settings', { token, json: { ...full, remove_logo: 0 } })).logo,
      ).toBe(second.logo)
      expectFailure(
        await call('PUT', '/api/admin/settings', { token, json: { ...full, remove_logo: 5 } }),
        422,
        'Validation Errors',
        { Remove_logo: 'Remove_logo must be 1 or 0' },
      )
      expect(
        expectSuccess(await call('PUT', '/api/admin/settings', { token, json: { ...full, remove_logo: 1 } })).logo,
      ).toBeNull()
      expect(fs.readdirSync(dir)).toEqual([])
      const third = expectSuccess(
        await call('PUT', '/api/admin/settings', {
          token,
          form: form(full, { buffer: await png(200, 100), name: 'c.png', type: 'image/png' }),
        }),
      )
      expect(third.logo).not.toBeNull()
      const removed = expectSuccess(
        await call('PUT', '/api/admin/settings', { token, form: form({ ...full, remove_logo: '1' }) }),
      )
      expect(removed.logo).toBeNull()
      expect(fs.readdirSync(dir)).toEqual([])
      expect(ogImage(await (await fetch(`${server.url}/`)).text(), 'og:image')).toBe(`${server.url}/icon-512.png`)
    },
  )

  it('refuses a file that is not an image with 422 Logo, storing nothing', async () => {
    const before = expectSuccess(await call('GET', '/api/admin/settings', { token }))
    const result = await call('PUT', '/api/admin/settings', {
      token,
      form: form(
        { ...full, site_name: 'Tidak Tersimpan' },
        { buffer: Buffer.from('<svg/>'), name: 'logo.png', type: 'image/png' },
      ),
    })
    expectFailure(result, 422, 'Validation Errors', { Logo: 'Logo must be a JPEG, PNG, GIF or WebP image' })
    expect(expectSuccess(await call('GET', '/api/admin/settings', { token }))).toEqual(before)
    expect(fs.readdirSync(path.join(server.uploadsDir, 'settings')).filter((name) => !name.startsWith('.'))).toEqual(
      before.logo ? [before.logo] : [],
    )
  })

  it('moves the data version (every cache keys on it), while a login, a use and a logout leave it alone', async () => {
    const version = async () =>
      Number((await queryDb<{ value: unknown }>(server, 'SELECT "value" FROM "data_version" WHERE "id" = 1'))[0].value)
    const before = await version()
    const session = expectSuccess(
      await call('POST', '/api/login', {
        json: { username: 'admin', password: 'password' },
        headers: { 'X-Forwarded-For': clientAddress() },
      }),
    ).token
    expect((await call('GET', '/api/admin/me', { token: session })).status).toBe(200)
    expectSuccess(await call('POST', '/api/logout', { token: session }))
    // Refused at once, although the session memo's version did not move: the session row is read on every request.
    expect((await call('GET', '/api/admin/me', { token: session })).status).toBe(401)
    expect(await version()).toBe(before)
    expectSuccess(await call('PUT', '/api/admin/settings', { token, json: { ...full, tagline: 'Versi baru' } }))
    expect(await version()).toBeGreaterThan(before)
  })

  it("keeps the admin's values over the SITE_* variables after a restart", async () => {
    expectSuccess(
      await call('PUT', '/api/admin/settings', { token, json: { ...full, site_name: 'Desa Pilihan Admin' } }),
    )
    await server.stop()
    server = await startServer({ dir: server.dir, env: { SITE_NAME: 'Desa Dari Variabel' } })
    expect(expectSuccess(await call('GET', '/api/public/settings')).site_name).toBe('Desa Pilihan Admin')
  })
})
