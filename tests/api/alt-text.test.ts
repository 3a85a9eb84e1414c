import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, login, unique } from '../support/api'
import { form, png } from '../support/content'
import { startServer, type TestServer } from '../support/server'

// Issue 12 item 2 (docs/api.md "Alt text"): `image_alt` on posts, products, photos, sliders and aparaturs, used as the
// image's `alt` on the site, falling back to the title, caption or name. A server of its own (no demo village), so
// the dashboard's count of images without an alt text is exactly this file's.
let server: TestServer
let token: string
let categoryId: number

const call = (method: string, urlPath: string, options: Parameters<typeof api>[2] = {}) =>
  api(method, urlPath, { base: server.url, token, ...options })

/** A public screen's HTML. */
async function html(urlPath: string): Promise<string> {
  const response = await fetch(`${server.url}${urlPath}`)
  expect(response.status, urlPath).toBe(200)
  return response.text()
}

/** The `alt` of every `<img>` whose `src` starts with `prefix` on a screen. */
async function altsOf(urlPath: string, prefix: string): Promise<string[]> {
  const page = await html(urlPath)
  return [...page.matchAll(/<img\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => tag.includes(`src="${prefix}`))
    .map((tag) => /\salt="([^"]*)"/.exec(tag)?.[1] ?? '(none)')
}

/** The admin dashboard's reminder, read from the screen (the API's dashboard keeps its four counts). */
async function reminder(): Promise<string> {
  const response = await fetch(`${server.url}/admin/dashboard`, { headers: { Cookie: `token=${token}` } })
  expect(response.status).toBe(200)
  const page = await response.text()
  return (
    /(\d+) gambar belum punya teks alternatif/.exec(page)?.[1] ??
    (page.includes('Semua gambar sudah punya teks alternatif') ? '0' : 'missing')
  )
}

beforeAll(async () => {
  server = await startServer({ env: { SEED_DEMO: 'false' } })
  token = await login('admin', 'password', server.url)
  categoryId = (await call('POST', '/api/admin/categories', { json: { name: unique('Alt ') } })).body.data.id
}, 120_000)

afterAll(async () => {
  await server?.stop()
  if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
})

describe('image_alt', () => {
  it(
    'is stored, returned by the admin and public API, kept by an update that does not send it, ' +
      'and is the alt of the post cover',
    async () => {
      expect(await reminder()).toBe('0')
      const title = unique('Panen Raya ')
      const created = await call('POST', '/api/admin/posts', {
        form: form(
          { title, content: '<p>Isi</p>', category_id: categoryId, image_alt: 'Petani memanen padi di sawah' },
          await png(400, 300),
        ),
      })
      expect(created.status).toBe(201)
      expect(created.body.data.image_alt).toBe('Petani memanen padi di sawah')
      const { id, slug } = created.body.data

      // The original client's update (JSON, no image_alt) keeps the alt text.
      const updated = await call('PUT', `/api/admin/posts/${id}`, {
        json: { title, content: '<p>Isi baru</p>', category_id: categoryId },
      })
      expect(updated.status).toBe(200)
      expect(updated.body.data.image_alt).toBe('Petani memanen padi di sawah')
      expect((await call('GET', `/api/admin/posts/${id}`)).body.data.image_alt).toBe('Petani memanen padi di sawah')
      expect((await api('GET', `/api/public/posts/${slug}`, { base: server.url })).body.data.image_alt).toBe(
        'Petani memanen padi di sawah',
      )

      // The cover is the detail's first picture of posts.
      expect((await altsOf(`/posts/${slug}`, '/uploads/posts/'))[0]).toBe('Petani memanen padi di sawah')
      expect(await altsOf('/posts', '/uploads/posts/')).toContain('Petani memanen padi di sawah')
      // The sharing tags and the article's JSON-LD (as the picture's caption) carry it too.
      expect(await html(`/posts/${slug}`)).toContain(
        '<meta property="og:image:alt" content="Petani memanen padi di sawah"/>',
      )
      expect(await html(`/posts/${slug}`)).toMatch(
        /"image":\[\{"@type":"ImageObject","url":"[^"]+\/uploads\/posts\/[^"]+","caption":"Petani memanen padi di sawah"\}\]/,
      )
    },
  )

  it('falls back to the title, caption or name where it is empty, and the dashboard counts those images', async () => {
    const before = Number(await reminder())
    const title = unique('Kerja Bakti ')
    const post = await call('POST', '/api/admin/posts', {
      form: form({ title, content: '<p>Isi</p>', category_id: categoryId }, await png(400, 300)),
    })
    expect(post.status).toBe(201)
    expect(post.body.data.image_alt).toBe('')
    expect((await altsOf(`/posts/${post.body.data.slug}`, '/uploads/posts/'))[0]).toBe(title)

    const caption = unique('Balai ')
    const photo = await call('POST', '/api/admin/photos', { form: form({ caption }, await png(400, 300)) })
    expect(photo.status).toBe(201)
    const name = unique('Siti ')
    const person = await call('POST', '/api/admin/aparaturs', {
      form: form({ name, position: 'Sekretaris' }, await png(300, 300)),
    })
    expect(person.status).toBe(201)
    expect(await altsOf('/photos', '/uploads/photos/')).toContain(caption)
    expect((await altsOf(`/aparaturs/${person.body.data.id}`, '/uploads/aparaturs/'))[0]).toBe(name)
    expect(Number(await reminder())).toBe(before + 3)

    // Giving them an alt text takes them off the count, and the site shows it.
    await call('PUT', `/api/admin/aparaturs/${person.body.data.id}`, {
      json: { name, position: 'Sekretaris', image_alt: 'Foto Bu Siti' },
    })
    expect((await altsOf(`/aparaturs/${person.body.data.id}`, '/uploads/aparaturs/'))[0]).toBe('Foto Bu Siti')
    expect(Number(await reminder())).toBe(before + 2)
  })

  it('is the alt of photos, sliders and products too', async () => {
    const photo = await call('POST', '/api/admin/photos', {
      form: form({ caption: unique('Pasar '), image_alt: 'Los pasar desa pagi hari' }, await png(400, 300)),
    })
    expect(photo.body.data.image_alt).toBe('Los pasar desa pagi hari')
    expect(await altsOf('/photos', '/uploads/photos/')).toContain('Los pasar desa pagi hari')

    const slider = await call('POST', '/api/admin/sliders', {
      form: form({ description: 'Gapura', image_alt: 'Gapura desa berhias bendera' }, await png(800, 400)),
    })
    expect(slider.status).toBe(201)
    expect(slider.body.data.image_alt).toBe('Gapura desa berhias bendera')
    expect(await altsOf('/', '/uploads/sliders/')).toContain('Gapura desa berhias bendera')

    const product = await call('POST', '/api/admin/products', {
      form: form(
        {
          title: unique('Keripik '),
          content: '<p>Renyah</p>',
          price: 10000,
          owner: 'Bu Ani',
          phone: '081234567890',
          address: 'RT 1',
          image_alt: 'Keripik singkong dalam kemasan',
        },
        await png(400, 400),
      ),
    })
    expect(product.status).toBe(201)
    expect((await altsOf(`/products/${product.body.data.slug}`, '/uploads/products/'))[0]).toBe(
      'Keripik singkong dalam kemasan',
    )
    const listed = await api('GET', '/api/public/products', { base: server.url })
    expect(listed.body.data.data.find((item: { id: number }) => item.id === product.body.data.id).image_alt).toBe(
      'Keripik singkong dalam kemasan',
    )
  })

  it('refuses more than 250 characters under Image_alt, before anything is stored', async () => {
    const result = await call('POST', '/api/admin/photos', {
      form: form({ caption: 'Panjang', image_alt: 'a'.repeat(251) }, await png()),
    })
    expect(result.status).toBe(422)
    expect(result.body.errors).toEqual({ Image_alt: 'Image alt text may not be longer than 250 characters' })
    expect(
      (await call('POST', '/api/admin/sliders', { json: { description: 'x', image_alt: 5 } })).body.errors.Image_alt,
    ).toBe('Image_alt must be text')
  })

  it(
    "the logo alt text is the admin settings' own, never in the public settings, " + "and is the header logo's alt",
    async () => {
      const admin = await call('GET', '/api/admin/settings')
      expect(admin.body.data.logo_alt).toBe('')
      const before = Number(await reminder())
      const fields = {
        site_name: 'Desa Alt',
        tagline: '',
        address: '',
        phone: '',
        email: '',
        whatsapp: '',
        facebook: '',
        instagram: '',
        youtube: '',
        map_url: '',
      }
      const tooLong = await call('PUT', '/api/admin/settings', { form: form({ ...fields, logo_alt: 'a'.repeat(251) }) })
      expect(tooLong.status).toBe(422)
      expect(tooLong.body.errors).toEqual({ Logo_alt: 'Logo_alt may not be longer than 250 characters' })

      // A logo without an alt text: decorative beside the name in the header, and counted on the dashboard.
      const logo = new FormData()
      for (const [key, value] of Object.entries(fields)) logo.append(key, value)
      logo.append('logo', new Blob([new Uint8Array((await png(200, 200)).data)], { type: 'image/png' }), 'logo.png')
      expect((await call('PUT', '/api/admin/settings', { form: logo })).status).toBe(200)
      expect(await altsOf('/', '/uploads/settings/')).toEqual([''])
      expect(Number(await reminder())).toBe(before + 1)

      const saved = await call('PUT', '/api/admin/settings', {
        form: form({ ...fields, logo_alt: 'Lambang Desa Alt' }),
      })
      expect(saved.status).toBe(200)
      expect(saved.body.data.logo_alt).toBe('Lambang Desa Alt')
      expect(await altsOf('/', '/uploads/settings/')).toEqual(['Lambang Desa Alt'])
      expect(Number(await reminder())).toBe(before)
      const publicSettings = await api('GET', '/api/public/settings', { base: server.url })
      expect(publicSettings.body.data.site_name).toBe('Desa Alt')
      expect(Object.keys(publicSettings.body.data)).not.toContain('logo_alt')
    },
  )
})
