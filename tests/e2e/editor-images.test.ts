import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { adminToken, api, unique } from '../support/api'
import { useBrowser } from '../support/browser'
import { toast, typeRichText } from './admin-support'

// Issue 12 item 3: Quill's image button and a pasted image file upload to POST /api/admin/uploads at once and insert
// the stored copy with the alt text the admin gives; a picture inside pasted HTML is stored on save. The public post
// shows them all with srcset and alt.
const { loggedInPage, newPage } = useBrowser()

const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer()

describe('images in the post editor', () => {
  it(
    'uploads through the image button and by paste, asks for ' +
      'the alt text, and the post shows both with srcset and alt',
    async () => {
      const token = await adminToken()
      const category = await api('POST', '/api/admin/categories', { token, json: { name: unique('Editor ') } })
      const page = await loggedInPage()
      const alts = ['Balai desa dari depan', 'Peta dusun']
      const asked: string[] = []
      page.on('dialog', (dialog) => {
        asked.push(dialog.message())
        void dialog.accept(alts[asked.length - 1] ?? '')
      })
      await page.goto('/admin/posts/create')
      await page.locator('[data-ready="true"]').waitFor()
      await page.getByLabel('Category', { exact: true }).selectOption(String(category.body.data.id))
      const title = unique('Berita Bergambar ')
      await page.getByLabel('Title', { exact: true }).fill(title)
      await typeRichText(page, 'Content', 'Isi berita ')

      const chooser = page.waitForEvent('filechooser')
      await page.getByRole('button', { name: 'Sisipkan gambar' }).click()
      await (
        await chooser
      ).setFiles({ name: 'balai.jpg', mimeType: 'image/jpeg', buffer: await picture(800, 500, '#3a7') })
      await page.locator('.ql-editor img[alt="Balai desa dari depan"][src^="/uploads/content/"]').waitFor()

      const pasted = await picture(700, 400, '#a73')
      await page.getByRole('textbox', { name: 'Content' }).evaluate(
        (element, bytes) => {
          const data = new DataTransfer()
          data.items.add(new File([new Uint8Array(bytes)], 'peta.jpg', { type: 'image/jpeg' }))
          element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
        },
        [...pasted],
      )
      await page.locator('.ql-editor img[alt="Peta dusun"][src^="/uploads/content/"]').waitFor()
      // A picture inside pasted HTML (a data: address) stays inline in the editor and is stored when the form is saved.
      const inline = (await picture(400, 300, '#37a')).toString('base64')
      await page.getByRole('textbox', { name: 'Content' }).evaluate((element, source) => {
        const data = new DataTransfer()
        data.setData('text/html', source)
        data.setData('text/plain', 'denah')
        element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
      }, `<p>Denah:</p><img src="data:image/jpeg;base64,${inline}" alt="Denah balai">`)
      await page.locator('.ql-editor img[alt="Denah balai"][src^="data:image/jpeg"]').waitFor()
      expect(asked).toHaveLength(2)
      expect(asked[0]).toContain('Teks alternatif gambar')

      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await toast(page, 'Post created successfully!')
      const post = (await api('GET', `/api/admin/posts?search=${encodeURIComponent(title)}`, { token })).body.data
        .data[0]
      expect(post.content).not.toContain('data:')

      const guest = await newPage()
      await guest.goto(`/posts/${post.slug}`)
      for (const [alt, width] of [
        ['Balai desa dari depan', 800],
        ['Peta dusun', 700],
        ['Denah balai', 400],
      ] as const) {
        const image = guest.getByRole('main').getByRole('img', { name: alt, exact: true })
        await image.waitFor()
        expect(await image.getAttribute('src')).toMatch(/^\/uploads\/content\/[a-f0-9]{32}-\d+x\d+\.jpg$/)
        expect(await image.getAttribute('srcset')).toMatch(
          width > 640 ? /-320\.webp 320w, .*-640\.webp 640w/ : /-320\.webp 320w, .*-400\.webp 400w/,
        )
        expect(await image.getAttribute('width')).toBe(String(width))
        await image.evaluate((img: HTMLImageElement) => img.decode())
      }
      expect(await guest.settled()).toEqual([])

      // Deleting the post removes its images.
      expect((await api('DELETE', `/api/admin/posts/${post.id}`, { token })).status).toBe(200)
      const src = (post.content as string).match(/src="(\/uploads\/content\/[^"]+)"/)![1]
      expect((await fetch(new URL(src, guest.url()))).status).toBe(404)
    },
  )

  it('says in Indonesian when an upload fails', async () => {
    const page = await loggedInPage()
    page.on('dialog', (dialog) => void dialog.accept(''))
    await page.route('**/api/admin/uploads', (route) =>
      route.fulfill({
        status: 413,
        contentType: 'application/json',
        body: '{"success":false,"message":"Payload Too Large","errors":null}',
      }),
    )
    await page.goto('/admin/pages/create')
    await page.locator('[data-ready="true"]').waitFor()
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Sisipkan gambar' }).click()
    await (
      await chooser
    ).setFiles({ name: 'besar.jpg', mimeType: 'image/jpeg', buffer: await picture(100, 100, '#777') })
    await page.getByRole('alert').filter({ hasText: 'Gambar gagal diunggah: ukurannya lebih dari 10 MB.' }).waitFor()
    expect(await page.locator('.ql-editor img').count()).toBe(0)
  })
})
