import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, login, unique } from '../support/api'
import { form, jpeg, jpegWithGps, png, STORED_NAME, type Picture } from '../support/content'
import { insertRows, queryDb, startServer, type TestServer } from '../support/server'

// Issue 12 item 3 (docs/api.md "Images inside rich text"): POST /api/admin/uploads, `data:` images stored on save,
// foreign images refused, content images removed with their record or 24 hours after nothing holds them, and the
// once-only start-up migration of the `data:` images already saved. A server of its own: its uploads folder and
// database hold exactly what these tests put there.
let server: TestServer
let token: string
let categoryId: number

const ENV = { SEED_DEMO: 'false' }
const call = (method: string, urlPath: string, options: Parameters<typeof api>[2] = {}) =>
  api(method, urlPath, { base: server.url, token, ...options })
const contentDir = () => path.join(server.uploadsDir, 'content')
const stored = (name: string) => fs.existsSync(path.join(contentDir(), name))
const nameOf = (url: string) => decodeURIComponent(url.replace('/uploads/content/', ''))
const dataUrl = (picture: Picture) => `data:${picture.type};base64,${picture.data.toString('base64')}`
/** The stored names of the content images of some HTML. */
const imagesIn = (html: string) => [...html.matchAll(/src="\/uploads\/content\/([^"]+)"/g)].map((match) => match[1])
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600 * 1000).toISOString().replace('Z', '+00:00')

async function uploadPicture(picture: Picture, bearer = token) {
  return api('POST', '/api/admin/uploads', { base: server.url, token: bearer, form: form({}, picture) })
}

/** Starts this file's server again on the same folder (after `server.stop()`). */
async function start() {
  server = await startServer({ dir: server.dir, env: ENV })
  token = await login('admin', 'password', server.url)
}

beforeAll(async () => {
  server = await startServer({ env: ENV })
  token = await login('admin', 'password', server.url)
  categoryId = (await call('POST', '/api/admin/categories', { json: { name: unique('Gambar ') } })).body.data.id
}, 120_000)

afterAll(async () => {
  await server?.stop()
  if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
})

describe('POST /api/admin/uploads', () => {
  it('stores the image with its width copies and answers 201 {url, width, height}', async () => {
    const result = await uploadPicture(await jpeg(800, 600))
    expect(result.status).toBe(201)
    expect(result.body.data).toEqual({ url: expect.stringMatching(/^\/uploads\/content\//), width: 800, height: 600 })
    const name = nameOf(result.body.data.url)
    expect(name).toMatch(STORED_NAME)
    expect(stored(name)).toBe(true)
    for (const width of [320, 640, 800])
      expect(stored(name.replace(/\.jpg$/, `-${width}.webp`)), `copy ${width}`).toBe(true)
    const served = await fetch(`${server.url}${result.body.data.url}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    // Not yet in any content: noted for the sweep, and no pending marker left behind.
    expect(await queryDb(server, 'SELECT name FROM content_uploads WHERE name = ?', [name])).toHaveLength(1)
    expect(await queryDb(server, 'SELECT name FROM pending_uploads WHERE name = ?', [name])).toHaveLength(0)
    // A write like any other: one activity entry, the uploader's, naming the stored file.
    const adminId = (await call('GET', '/api/admin/me')).body.data.id
    const log = (await call('GET', `/api/admin/activities?resource=uploads&search=${encodeURIComponent(name)}`)).body
      .data.data
    expect(log).toEqual([
      expect.objectContaining({
        action: 'create',
        resource: 'uploads',
        resource_id: null,
        summary: name,
        user_id: adminId,
        user_name: 'Administrator',
        changes: [],
      }),
    ])
  })

  it('re-encodes the image without its EXIF and GPS data', async () => {
    const original = await jpegWithGps()
    expect((await sharp(original.data).metadata()).exif).toBeDefined()
    const result = await uploadPicture(original)
    expect(result.status).toBe(201)
    const file = fs.readFileSync(path.join(contentDir(), nameOf(result.body.data.url)))
    const metadata = await sharp(file).metadata()
    expect(metadata.exif).toBeUndefined()
    expect(file.includes(Buffer.from('SecretCam'))).toBe(false)
  })

  it(
    'takes any one of the six permissions, and refuses others (403), ' + 'strangers (401) and non-images (422)',
    async () => {
      const permissions = (await call('GET', '/api/admin/permissions/all')).body.data as { id: number; name: string }[]
      const idOf = (name: string) => permissions.find((permission) => permission.name === name)!.id
      const makeUser = async (granted: string[]) => {
        const roleId = (
          await call('POST', '/api/admin/roles', {
            json: { name: unique('peran-'), permission_ids: granted.map(idOf) },
          })
        ).body.data.id
        const username = unique('u')
        await call('POST', '/api/admin/users', {
          json: { name: 'Uji', username, email: `${username}@example.com`, password: 'rahasia123', role_ids: [roleId] },
        })
        return login(username, 'rahasia123', server.url)
      }
      expect((await uploadPicture(await png(), await makeUser(['pages-edit']))).status).toBe(201)
      expect((await uploadPicture(await png(), await makeUser(['products-create']))).status).toBe(201)
      const refused = await uploadPicture(
        await png(),
        await makeUser(['photos-create', 'posts-index', 'aparaturs-create']),
      )
      expect(refused.status).toBe(403)
      expect((await api('POST', '/api/admin/uploads', { base: server.url, form: form({}, await png()) })).status).toBe(
        401,
      )
      const notImage = await uploadPicture({
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        name: 'a.svg',
        type: 'image/svg+xml',
      })
      expect(notImage.status).toBe(422)
      expect(notImage.body.errors.Image).toBeDefined()
      expect(
        (await call('POST', '/api/admin/uploads', { form: form({ caption: 'tanpa berkas' }) })).body.errors,
      ).toEqual({ Image: 'Image is required' })
      // Only the uploads that were stored are logged: the 1 of the first test, 1 of the second, and the 2 allowed here.
      const logged = (await call('GET', '/api/admin/activities?resource=uploads&action=create')).body.data.total
      const stored = (
        await queryDb<{ count: number | string }>(server, 'SELECT COUNT(*) AS count FROM content_uploads')
      )[0].count
      expect(logged).toBe(Number(stored))
    },
  )
})

describe('rich text on save', () => {
  it(
    'stores a pasted data: image as an upload, with srcset, size and the alt text, ' + 'in the page and on the site',
    async () => {
      const picture = await png(700, 500)
      const title = unique('Peta Desa ')
      const created = await call('POST', '/api/admin/pages', {
        json: {
          title,
          content: `<p>Peta</p><img src="${dataUrl(picture)}" alt="Peta wilayah desa"><img src="${dataUrl(picture)}">`,
        },
      })
      expect(created.status).toBe(201)
      const content: string = created.body.data.content
      expect(content).not.toContain('data:')
      const names = imagesIn(content)
      // The same picture pasted twice is stored once.
      expect(names).toHaveLength(2)
      expect(names[0]).toBe(names[1])
      expect(names[0]).toMatch(/-700x500\.png$/)
      expect(stored(names[0])).toBe(true)
      expect(content).toContain('alt="Peta wilayah desa"')
      expect(content).toMatch(
        /srcset="\/uploads\/content\/[^"]+-320\.webp 320w, \/uploads\/content\/[^"]+-640\.webp 640w, \/uploads\/content\/[^"]+-700\.webp 700w"/,
      )
      expect(content).toContain('width="700"')
      expect(await queryDb(server, 'SELECT name FROM pending_uploads')).toHaveLength(0)

      const page = await (await fetch(`${server.url}/pages/${created.body.data.slug}`)).text()
      expect(page).toMatch(
        /<img[^>]*src="\/uploads\/content\/[^"]+"[^>]*alt="Peta wilayah desa"|<img[^>]*alt="Peta wilayah desa"[^>]*src="\/uploads\/content\//,
      )
      expect(page).toContain('-320.webp 320w')
    },
  )

  it('refuses images from other sites (and other upload folders) with 422 on the field, storing nothing', async () => {
    const before = fs.readdirSync(contentDir()).length
    for (const src of [
      'https://evil.example/a.jpg',
      '//evil.example/a.jpg',
      'http://example.com/b.png',
      '/uploads/posts/0123456789abcdef0123456789abcdef-10x10.jpg',
    ]) {
      const result = await call('POST', '/api/admin/posts', {
        json: {
          title: unique('Asing '),
          category_id: categoryId,
          content: `<p>x</p><img src="${dataUrl(await png())}"><img src="${src}">`,
        },
      })
      if (src.startsWith('//')) {
        // A protocol-relative address is no image source at all: dropped like any unsafe one.
        expect(result.status, src).toBe(201)
        continue
      }
      expect(result.status, src).toBe(422)
      expect(Object.keys(result.body.errors), src).toEqual(['Content'])
      expect(result.body.errors.Content, src).toMatch(/may only hold images uploaded here/)
    }
    const afterNames = fs.readdirSync(contentDir())
    // Only the one accepted write stored its data: image (and its copies: none at 64 px wide).
    expect(afterNames.length).toBe(before + 1)
  })

  it('a damaged data: image is a 422 on the field', async () => {
    const result = await call('POST', '/api/admin/pages', {
      json: {
        title: unique('Rusak '),
        content: '<p>x</p><img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB">',
      },
    })
    expect(result.status).toBe(422)
    expect(result.body.errors.Content).toMatch(/not a whole JPEG, PNG, GIF or WebP image/)
  })
})

describe('clean-up', () => {
  it('deleting a record removes its content images that no other record holds, at once', async () => {
    const shared = (await uploadPicture(await png(100, 80))).body.data.url
    const own = (await uploadPicture(await png(90, 80))).body.data.url
    const post = await call('POST', '/api/admin/posts', {
      json: {
        title: unique('Hapus '),
        category_id: categoryId,
        content: `<p>a</p><img src="${shared}" alt="a"><img src="${own}" alt="b">`,
      },
    })
    expect(post.status).toBe(201)
    const product = await call('POST', '/api/admin/products', {
      json: {
        title: unique('Hapus '),
        content: `<p>b</p><img src="${shared}" alt="a">`,
        price: 1,
        owner: 'A',
        phone: '0812',
        address: 'RT 1',
      },
    })
    expect(product.status).toBe(201)
    expect((await call('DELETE', `/api/admin/posts/${post.body.data.id}`)).status).toBe(200)
    expect(stored(nameOf(own))).toBe(false)
    expect(stored(nameOf(shared))).toBe(true)
    expect((await call('DELETE', `/api/admin/products/${product.body.data.id}`)).status).toBe(200)
    expect(stored(nameOf(shared))).toBe(false)
  })

  it(
    'on start-up: removes uploads no content has held for 24 hours, keeps the rest, ' +
      'and converts saved data: images once',
    async () => {
      const unsaved = nameOf((await uploadPicture(await png(50, 40))).body.data.url)
      const fresh = nameOf((await uploadPicture(await png(51, 40))).body.data.url)
      const used = (await uploadPicture(await png(52, 40))).body.data.url
      const dropped = (await uploadPicture(await png(53, 40))).body.data.url
      const page = await call('POST', '/api/admin/pages', {
        json: { title: unique('Simpan '), content: `<p>x</p><img src="${used}"><img src="${dropped}">` },
      })
      // An edit that drops an image notes it for the sweep.
      const edited = await call('PUT', `/api/admin/pages/${page.body.data.id}`, {
        json: { title: page.body.data.title, content: `<p>x</p><img src="${used}">` },
      })
      expect(edited.status).toBe(200)
      expect(await queryDb(server, 'SELECT name FROM content_uploads WHERE name = ?', [nameOf(dropped)])).toHaveLength(
        1,
      )

      await server.stop()
      // A day later for everything but `fresh`; and rich text saved by an older version, with a data: image inside.
      await queryDb(server, 'UPDATE content_uploads SET created_at = ? WHERE name <> ?', [hoursAgo(25), fresh])
      await queryDb(server, 'DELETE FROM data_migrations')
      // What a crash between storing a pasted picture and saving its record leaves: a file with a pending marker. The
      // pending sweep removes it unless some content holds it (as `used`, whose marker is only forgotten).
      const crashed = '0123456789abcdef0123456789abcdef-64x48.png'
      fs.writeFileSync(path.join(contentDir(), crashed), (await png()).data)
      await insertRows(
        server,
        'pending_uploads',
        ['kind', 'name', 'created_at'],
        [
          ['content', crashed, hoursAgo(1)],
          ['content', nameOf(used), hoursAgo(1)],
        ],
      )
      const now = new Date().toISOString().replace('Z', '+00:00')
      const oldSlug = unique('lama-')
      await insertRows(
        server,
        'pages',
        ['title', 'slug', 'content', 'created_at', 'updated_at'],
        [['Lama', oldSlug, `<p>lama</p><img src="${dataUrl(await jpeg(400, 300))}" alt="lama">`, now, now]],
      )
      await start()

      expect(stored(unsaved)).toBe(false)
      // Dropped by the edit, but the page's revision (its state before the edit) still holds it: kept for a restore.
      expect(stored(nameOf(dropped))).toBe(true)
      expect(stored(fresh)).toBe(true)
      expect(stored(nameOf(used))).toBe(true)
      expect(await queryDb(server, 'SELECT name FROM content_uploads WHERE name = ?', [nameOf(used)])).toHaveLength(0)
      expect(stored(crashed)).toBe(false)
      expect(await queryDb(server, "SELECT name FROM pending_uploads WHERE kind = 'content'")).toEqual([])

      const [converted] = await queryDb<{ content: string }>(server, 'SELECT content FROM pages WHERE slug = ?', [
        oldSlug,
      ])
      expect(converted.content).not.toContain('data:')
      const [name] = imagesIn(converted.content)
      expect(name).toMatch(/-400x300\.jpg$/)
      expect(stored(name)).toBe(true)
      expect(converted.content).toContain('alt="lama"')
      expect(
        await queryDb(server, "SELECT name FROM data_migrations WHERE name = 'inline-images-to-uploads'"),
      ).toHaveLength(1)

      // Recorded as done: a data: image written straight into the database afterwards is not touched by the next start.
      await server.stop()
      const laterSlug = unique('nanti-')
      await insertRows(
        server,
        'pages',
        ['title', 'slug', 'content', 'created_at', 'updated_at'],
        [['Nanti', laterSlug, `<p>x</p><img src="${dataUrl(await png())}">`, now, now]],
      )
      await start()
      const [later] = await queryDb<{ content: string }>(server, 'SELECT content FROM pages WHERE slug = ?', [
        laterSlug,
      ])
      expect(later.content).toContain('data:image/png')

      // Deleting the page deletes its revisions: the images only they held are noted for the next sweep.
      expect((await call('DELETE', `/api/admin/pages/${page.body.data.id}`)).status).toBe(200)
      const noted = await queryDb(server, 'SELECT name FROM content_uploads WHERE name IN (?, ?)', [
        nameOf(used),
        nameOf(dropped),
      ])
      expect(noted).toHaveLength(2)
    },
  )
})
