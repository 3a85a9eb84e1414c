import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, baseUrl, unique } from '../support/api'
import { form, gif, jpeg } from '../support/content'

let token: string
beforeAll(async () => {
  token = await adminToken()
})

const widths = [320, 640, 1024, 1600]
const variant = (image: string, width: number) => `/uploads/photos/${image.replace(/\.[a-z]+$/, '')}-${width}.webp`
const fetchImage = async (path: string) => {
  const response = await fetch(baseUrl() + path)
  return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) }
}
const upload = async (picture: Awaited<ReturnType<typeof jpeg>>, caption: string) => {
  const result = await api('POST', '/api/admin/photos', { token, form: form({ caption, description: 'Uji ukuran' }, picture) })
  expect(result.status).toBe(201)
  return result.body.data as { id: number; image: string }
}

describe('uploaded images in several widths as WebP', () => {
  it('stores each width, never larger than the original, serves them, and removes them with the record', async () => {
    const photo = await upload(await jpeg(1400, 700), unique('Lebar '))
    for (const width of widths) {
      const answer = await fetchImage(variant(photo.image, width))
      expect(answer.status, `${width}`).toBe(200)
      expect(answer.type).toBe('image/webp')
      const meta = await sharp(answer.body).metadata()
      expect(meta.format).toBe('webp')
      // 1600 is wider than the 1400 px original: that copy keeps 1400.
      expect(meta.width, `${width}`).toBe(Math.min(width, 1400))
      expect(meta.height, `${width}`).toBe(Math.round((Math.min(width, 1400) * 700) / 1400))
    }
    expect((await api('DELETE', `/api/admin/photos/${photo.id}`, { token })).status).toBe(200)
    for (const width of widths) expect((await fetchImage(variant(photo.image, width))).status, `${width}`).toBe(404)
  })

  it('keeps a GIF as it is, without copies', async () => {
    const photo = await upload(await gif(), unique('Gif '))
    expect(photo.image).toMatch(/\.gif$/)
    expect((await fetchImage(variant(photo.image, 320))).status).toBe(404)
    await api('DELETE', `/api/admin/photos/${photo.id}`, { token })
  })

  it('public pages offer the copies in srcset with sizes', async () => {
    const caption = unique('Galeri ')
    const photo = await upload(await jpeg(800, 600), caption)
    const html = await (await fetch(`${baseUrl()}/photos?search=${encodeURIComponent(caption)}`)).text()
    const img = html.match(new RegExp(`<img[^>]*${photo.image.replace('.', '\\.')}[^>]*>`))?.[0]
    expect(img).toBeTruthy()
    for (const width of widths) expect(img).toContain(`${variant(photo.image, width)} ${width}w`)
    expect(img).toMatch(/sizes="[^"]+"/)
    expect(img).toMatch(/width="\d+"/)
    expect(img).toMatch(/height="\d+"/)
    await api('DELETE', `/api/admin/photos/${photo.id}`, { token })
  })
})
