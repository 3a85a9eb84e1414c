import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, baseUrl, unique } from '../support/api'
import { form, gif, jpeg, png, type Picture } from '../support/content'
import { queryDb, startServer, type TestServer } from '../support/server'

let token: string
beforeAll(async () => {
  token = await adminToken()
})

const STANDARD = [320, 640, 1024, 1600]
const variant = (image: string, width: number) => `/uploads/photos/${image.replace(/\.[a-z]+$/, '')}-${width}.webp`
const fetchImage = async (path: string, base = baseUrl()) => {
  const response = await fetch(base + path)
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: Buffer.from(await response.arrayBuffer()),
  }
}
const upload = async (picture: Picture, caption: string) => {
  const result = await api('POST', '/api/admin/photos', {
    token,
    form: form({ caption, description: 'Uji ukuran' }, picture),
  })
  expect(result.status).toBe(201)
  return result.body.data as { id: number; image: string }
}
/** The <img> of `image` on the gallery page of its caption. */
const galleryImg = async (caption: string, image: string) => {
  const html = await (await fetch(`${baseUrl()}/photos?search=${encodeURIComponent(caption)}`)).text()
  return html.match(new RegExp(`<img[^>]*${image.replace('.', '\\.')}[^>]*>`))?.[0] ?? ''
}

describe('uploaded images in the widths they have, as WebP', () => {
  it(
    'stores each standard width below its own and its own ' +
      'width, never a wider one, and removes them with the record',
    async () => {
      const photo = await upload(await jpeg(1400, 700), unique('Lebar '))
      expect(photo.image).toMatch(/^[a-f0-9]{32}-1400x700\.jpg$/)
      for (const width of [320, 640, 1024, 1400]) {
        const answer = await fetchImage(variant(photo.image, width))
        expect(answer.status, `${width}`).toBe(200)
        expect(answer.type).toBe('image/webp')
        const meta = await sharp(answer.body).metadata()
        expect(meta.format).toBe('webp')
        expect(meta.width, `${width}`).toBe(width)
        expect(meta.height, `${width}`).toBe(Math.round((width * 700) / 1400))
      }
      // No 1600 px copy of a 1400 px picture.
      expect((await fetchImage(variant(photo.image, 1600))).status).toBe(404)
      expect((await api('DELETE', `/api/admin/photos/${photo.id}`, { token })).status).toBe(200)
      for (const width of [320, 640, 1024, 1400])
        expect((await fetchImage(variant(photo.image, width))).status, `${width}`).toBe(404)
    },
  )

  it('keeps a GIF, and a picture narrower than the smallest width, as they are, without copies', async () => {
    for (const picture of [await gif(), await png(1, 1), await jpeg(300, 200)]) {
      const caption = unique('Kecil ')
      const photo = await upload(picture, caption)
      for (const width of [1, 300, ...STANDARD])
        expect((await fetchImage(variant(photo.image, width))).status, `${photo.image} ${width}`).toBe(404)
      const img = await galleryImg(caption, photo.image)
      expect(img, photo.image).toBeTruthy()
      expect(img.toLowerCase()).not.toContain('srcset')
      const [, width, height] = /-(\d+)x(\d+)\./.exec(photo.image)!
      expect(img).toContain(`width="${width}"`)
      expect(img).toContain(`height="${height}"`)
      await api('DELETE', `/api/admin/photos/${photo.id}`, { token })
    }
  })

  it('public pages list only the real widths in srcset, and declare the picture its own size', async () => {
    const caption = unique('Galeri ')
    const photo = await upload(await jpeg(800, 600), caption)
    const img = await galleryImg(caption, photo.image)
    const srcset = /srcset="([^"]+)"/i.exec(img)?.[1].replaceAll('&amp;', '&')
    expect(srcset?.split(', ')).toEqual([320, 640, 800].map((width) => `${variant(photo.image, width)} ${width}w`))
    expect(img).toMatch(/sizes="[^"]+"/)
    expect(img).toContain('width="800"')
    expect(img).toContain('height="600"')
    await api('DELETE', `/api/admin/photos/${photo.id}`, { token })
  })
})

describe('pictures stored by an older version (names without their size)', () => {
  let server: TestServer | undefined
  afterAll(async () => {
    await server?.stop()
    if (server) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  // Three starts of a server of its own: more time than one request.
  it(
    'get their size into their name at start, copies in the widths they have, and keep their old address',
    { timeout: 120_000 },
    async () => {
      // A site as the old version left it: started once, then two photo records and their files written behind its
      // back.
      server = await startServer({ env: { SEED_DEMO: 'false' } })
      await server.stop()
      const dir = server.dir
      // As the old upload path left them: the original, and four copies, those at 1024 and 1600 only 800 px wide.
      const photos = path.join(dir, 'uploads', 'photos')
      fs.mkdirSync(photos, { recursive: true })
      const stem = 'ab'.repeat(16)
      fs.writeFileSync(path.join(photos, `${stem}.jpg`), (await jpeg(800, 500)).data)
      for (const width of STANDARD) {
        await sharp(path.join(photos, `${stem}.jpg`))
          .resize({ width, withoutEnlargement: true })
          .webp()
          .toFile(path.join(photos, `${stem}-${width}.webp`))
      }
      // And one whose file is gone: left as it is.
      const insert = "INSERT INTO photos (image, caption, updated_at) VALUES (?, ?, '2025-05-05T05:05:05.000+00:00')"
      await queryDb(server, insert, [`${stem}.jpg`, 'Foto lama'])
      await queryDb(server, insert, [`${'cd'.repeat(16)}.png`, 'Foto hilang'])

      server = await startServer({ dir, env: { SEED_DEMO: 'false' } })
      expect(server.output()).toContain('gave 1 picture(s) stored by an older version a name with their size')
      const list = (await api('GET', '/api/public/photos', { base: server.url })).body.data.data
      const renamed = list.find((photo: any) => photo.caption === 'Foto lama')
      expect(renamed.image).toBe(`${stem}-800x500.jpg`)
      expect(renamed.updated_at).toBe('2025-05-05T05:05:05.000Z')
      expect(list.find((photo: any) => photo.caption === 'Foto hilang').image).toBe(`${'cd'.repeat(16)}.png`)
      for (const width of [320, 640, 800]) {
        const answer = await fetchImage(variant(renamed.image, width), server.url)
        expect(answer.status, `${width}`).toBe(200)
        expect((await sharp(answer.body).metadata()).width, `${width}`).toBe(width)
      }
      expect(fs.readdirSync(photos).sort()).toEqual([
        `${stem}-800x500-320.webp`,
        `${stem}-800x500-640.webp`,
        `${stem}-800x500-800.webp`,
        `${stem}-800x500.jpg`,
        `${stem}.jpg`,
      ])
      // The old address of the picture still answers (pages shared before); its old copies fall back to it.
      expect((await fetchImage(`/uploads/photos/${stem}.jpg`, server.url)).status).toBe(200)
      expect((await fetchImage(`/uploads/photos/${stem}-1600.webp`, server.url)).type).toBe('image/jpeg')

      // A second start has nothing left to do; deleting the photo removes every name of it.
      await server.stop()
      server = await startServer({ dir, env: { SEED_DEMO: 'false' } })
      expect(server.output()).not.toContain('gave')
      const admin = await api('POST', '/api/login', {
        json: { username: 'admin', password: 'password' },
        base: server.url,
      })
      expect(
        (await api('DELETE', `/api/admin/photos/${renamed.id}`, { token: admin.body.data.token, base: server.url }))
          .status,
      ).toBe(200)
      expect(fs.readdirSync(photos)).toEqual([])
    },
  )
})
