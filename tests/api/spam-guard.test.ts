import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { api, clientAddress, expectFailure, expectSuccess, unique, type ApiResult } from '../support/api'
import { queryDb, startServer, type TestServer } from '../support/server'
import { png, type Picture } from '../support/content'

// A server of its own: its uploads folder and log hold only what these tests did.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

/**
 * docs/api.md "Online-gambling spam guard": public text promoting online gambling is refused on its field and logged.
 */

let server: TestServer
let token: string
let picture: Picture
const call = (method: string, url: string, options: Parameters<typeof api>[2] = {}) =>
  api(method, url, { base: server.url, token, ...options })
const refused = (phrase: string) => `Konten terindikasi promosi judi online ("${phrase}")`
const filesIn = (kind: string) =>
  fs.existsSync(path.join(server.uploadsDir, kind)) ? fs.readdirSync(path.join(server.uploadsDir, kind)) : []

function form(fields: Record<string, string>, image = false) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.set(name, value)
  if (image) body.set('image', new Blob([new Uint8Array(picture.data)], { type: picture.type }), picture.name)
  return body
}

/** The newest spam_blocked entries of the activity log for `resource`. */
async function blocked(resource: string) {
  const page = expectSuccess(await call('GET', `/api/admin/activities?action=spam_blocked&resource=${resource}`))
  return page.data as {
    action: string
    resource: string
    resource_id: number | null
    summary: string
    user_name: string
    changes: string[]
  }[]
}

function expectRefused(result: ApiResult, errors: Record<string, string>) {
  expectFailure(result, 422, 'Validation Errors', errors)
}

beforeAll(async () => {
  picture = await png()
  server = await startServer()
  const login = await api('POST', '/api/login', {
    base: server.url,
    json: { username: 'admin', password: 'password' },
    headers: { 'X-Forwarded-For': clientAddress() },
  })
  token = expectSuccess(login).token
})

afterAll(async () => {
  await server?.stop()
  if (server) fs.rmSync(server.dir, { recursive: true, force: true })
})

describe('the online-gambling spam guard on writes of public text', () => {
  it(
    'refuses a post whose title is disguised gambling spam: ' + '422 on Title, no post, no upload, spam_blocked logged',
    async () => {
      const category = expectSuccess(
        await call('POST', '/api/admin/categories', { json: { name: unique('Kabar ') } }),
        201,
      )
      const title = `Info s.l.o.t g4c0r ${unique('')}`
      const before = filesIn('posts')
      const result = await call('POST', '/api/admin/posts', {
        form: form({ category_id: String(category.id), title, content: '<p>Isi berita</p>' }, true),
      })
      expectRefused(result, { Title: refused('gacor') })

      expect(filesIn('posts')).toEqual(before)
      expect(await queryDb(server, 'SELECT "id" FROM "posts" WHERE "title" = ?', [title])).toEqual([])
      expect(await queryDb(server, 'SELECT "name" FROM "pending_uploads"')).toEqual([])
      const [entry] = await blocked('posts')
      expect(entry).toMatchObject({
        action: 'spam_blocked',
        resource: 'posts',
        resource_id: null,
        summary: 'Title: "gacor"',
        user_name: 'Administrator',
        changes: [],
      })
      const warning = server.logs().find((line) => line.event === 'spam_blocked')
      expect(warning).toMatchObject({ level: 'warn', resource: 'posts', found: [{ field: 'title', phrase: 'gacor' }] })
    },
  )

  it("refuses an update that adds gambling links to a post's content, and the post keeps its text", async () => {
    const category = expectSuccess(
      await call('POST', '/api/admin/categories', { json: { name: unique('Warta ') } }),
      201,
    )
    const fields = {
      category_id: String(category.id),
      title: unique('Kerja Bakti '),
      content: '<p>Warga membersihkan selokan.</p>',
    }
    const post = expectSuccess(await call('POST', '/api/admin/posts', { form: form(fields) }), 201)
    const spam = '<p>Mau cuan? <a href="https://www.slot88-resmi.example/daftar">Klik di sini</a></p>'
    expectRefused(await call('PUT', `/api/admin/posts/${post.id}`, { form: form({ ...fields, content: spam }) }), {
      Content: refused('slot88'),
    })
    expect(expectSuccess(await call('GET', `/api/admin/posts/${post.id}`)).content).toBe(
      '<p>Warga membersihkan selokan.</p>',
    )
    const [entry] = await blocked('posts')
    expect(entry).toMatchObject({ resource_id: post.id, summary: 'Content: "slot88"' })
  })

  it(
    'refuses a product, a category (create and update) and the site settings, ' +
      'each on its field, and writes none of them',
    async () => {
      const product = {
        title: 'Keripik Singkong',
        content: '<p>Renyah dan gurih.</p>',
        owner: 'Bu Sri',
        price: '15000',
        phone: '081234567890',
        address: 'Link alternatif MAXWIN88 terbaru',
      }
      const [products, logos] = [filesIn('products'), filesIn('settings')]
      expectRefused(await call('POST', '/api/admin/products', { form: form(product, true) }), {
        Address: refused('link alternatif'),
      })
      expect(filesIn('products')).toEqual(products)
      expect(await blocked('products')).toMatchObject([{ summary: 'Address: "link alternatif"' }])

      const name = `Ｓｌｏｔ Ｇａｃｏｒ ${unique('')}`
      expectRefused(await call('POST', '/api/admin/categories', { json: { name } }), { Name: refused('gacor') })
      expect(await queryDb(server, 'SELECT "id" FROM "categories" WHERE "name" = ?', [name])).toEqual([])
      const category = expectSuccess(
        await call('POST', '/api/admin/categories', { json: { name: unique('Pengumuman ') } }),
        201,
      )
      expectRefused(
        await call('PUT', `/api/admin/categories/${category.id}`, { json: { name: 'Bocoran RTP hari ini' } }),
        { Name: refused('bocoran rtp') },
      )
      expect(expectSuccess(await call('GET', `/api/admin/categories/${category.id}`)).name).toBe(category.name)

      const settings = expectSuccess(await call('GET', '/api/admin/settings'))
      const { logo, updated_at, ...editable } = settings
      expect(updated_at).toBeTruthy()
      const body = form({ ...editable, tagline: 'Desa paling g@c0r, deposit pulsa 10rb' })
      body.set('logo', new Blob([new Uint8Array(picture.data)], { type: picture.type }), picture.name)
      expectRefused(await call('PUT', '/api/admin/settings', { form: body }), { Tagline: refused('gacor') })
      expectRefused(
        await call('PUT', '/api/admin/settings', {
          json: { ...editable, site_name: 'Desa Sukamaju', address: 'Togel SGP hari ini' },
        }),
        { Address: refused('togel sgp') },
      )
      expect(filesIn('settings')).toEqual(logos)
      expect(expectSuccess(await call('GET', '/api/admin/settings'))).toEqual({ ...settings, logo })
      expect((await blocked('settings')).map((entry) => entry.summary)).toEqual([
        'Address: "togel sgp"',
        'Tagline: "gacor"',
      ])
    },
  )

  it(
    "refuses a user name that is gambling spam (the site shows it as a post's author): " +
      'users screen, API and Akun Saya',
    async () => {
      const username = unique('penulis')
      const roles = expectSuccess(await call('GET', '/api/admin/roles/all')) as { id: number; name: string }[]
      const spamName = {
        Name: expect.stringMatching(/^Konten terindikasi promosi judi online \("/) as unknown as string,
      }
      const user = {
        name: 'Slot Gacor Maxwin',
        username,
        email: `${username}@example.com`,
        password: 'password123',
        role_ids: [roles.find((role) => role.name === 'user')!.id],
      }
      expectRefused(await call('POST', '/api/admin/users', { json: user }), spamName)
      expect(await queryDb(server, 'SELECT "id" FROM "users" WHERE "username" = ?', [username])).toEqual([])
      const created = expectSuccess(
        await call('POST', '/api/admin/users', { json: { ...user, name: 'Pak Penulis' } }),
        201,
      )
      expectRefused(
        await call('PUT', `/api/admin/users/${created.id}`, { json: { ...user, name: 'Bandar togel terpercaya' } }),
        spamName,
      )
      const own = await api('POST', '/api/login', {
        base: server.url,
        json: { username, password: 'password123' },
        headers: { 'X-Forwarded-For': clientAddress() },
      })
      const ownToken = expectSuccess(own).token as string
      expectRefused(
        await call('PUT', '/api/admin/me', { token: ownToken, json: { name: 'Slot Gacor Maxwin', email: user.email } }),
        spamName,
      )
      expect(expectSuccess(await call('GET', '/api/admin/me', { token: ownToken })).name).toBe('Pak Penulis')
      expect((await blocked('users')).length).toBe(3)
    },
  )

  it('refuses a photo upload whose caption is spam, before the picture is stored', async () => {
    const photos = filesIn('photos')
    expectRefused(
      await call('POST', '/api/admin/photos', {
        form: form({ caption: 'ｍａｈｊｏｎｇ ｗａｙｓ scatter hitam' }, true),
      }),
      { Caption: refused('mahjong ways') },
    )
    expect(filesIn('photos')).toEqual(photos)
  })

  it('accepts news about the dangers of gambling, and a product that only shares words with it', async () => {
    const category = expectSuccess(
      await call('POST', '/api/admin/categories', { json: { name: unique('Kamtibmas ') } }),
      201,
    )
    const news = {
      category_id: String(category.id),
      title: 'Sosialisasi bahaya judi online bersama Bhabinkamtibmas',
      content:
        '<p>Polsek Sukamaju mengimbau warga menjauhi judi online.</p><p>Bhabinkamtibmas menjelaskan modus iklan ' +
        '"slot gacor" yang menjerat korban hingga terlilit utang.</p>',
    }
    const post = expectSuccess(await call('POST', '/api/admin/posts', { form: form(news) }), 201)
    expect(post.title).toBe(news.title)
    const product = {
      title: 'HP bekas dual slot SIM',
      content: '<p>Promo bonus casing, hubungi WA 0812-3456-7890.</p>',
      owner: 'Pak Budi',
      price: '750000',
      phone: '081234567890',
      address: 'Bandar Lampung',
    }
    expectSuccess(await call('POST', '/api/admin/products', { form: form(product) }), 201)
  })
})
