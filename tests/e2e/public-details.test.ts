import path from 'node:path'
import Database from 'better-sqlite3'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { formatDate, formatDateWithWeekday } from '~/lib/format'
import { adminToken, api, userWithPermissions } from '../support/api'
import { form } from '../support/content'
import { DESKTOP, PHONE, useBrowser } from '../support/browser'
import { shown, titled, useContent } from './public-fixtures'

const { newPage } = useBrowser()
const content = useContent()

const words = (count: number) => Array.from({ length: count }, (_, i) => `kata${i}`).join(' ')
const plain = (text: string) => text.replace(/\u00a0/g, ' ')

/**
 * For states the API refuses to create (empty content, empty name), the test writes the row directly.
 * That bypasses the app's write path, so a harmless write through the API follows: it tells the
 * server's read caches that the data changed.
 */
async function sql(statement: string, ...params: unknown[]) {
  const db = new Database(path.join(inject('serverDir'), 'data', 'test.db'))
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare(statement).run(...params)
  } finally {
    db.close()
  }
  const token = await adminToken()
  const marker = await api('POST', '/api/admin/categories', {
    token,
    json: { name: `${content.tag} penanda ${Math.random()}` },
  })
  await api('DELETE', `/api/admin/categories/${marker.body.data.id}`, { token })
}

const main = (page: Page) => page.getByRole('main')

describe('page detail', () => {
  it('shows title, created date, read time, HTML content, last-updated date and a back button', async () => {
    const made = await content.page(`${content.tag} Profil Lengkap`, `<h2>Bagian Satu</h2><p>${words(399)}</p>`)
    const page = await newPage({ viewport: DESKTOP })
    await page.goto(`/pages?search=${encodeURIComponent(content.tag + ' Profil')}`)
    await page.getByRole('link', { name: `${content.tag} Profil Lengkap` }).click()
    await page.waitForURL(`**/pages/${made.slug}`)
    await titled(page, `${content.tag} Profil Lengkap - Desa Uji Coba`)
    await shown(main(page).getByRole('heading', { level: 1, name: `${content.tag} Profil Lengkap` }))
    // 2 + 399 words: 401 / 200 rounded up.
    await shown(main(page).getByText('3 menit baca'))
    await shown(main(page).getByRole('heading', { level: 2, name: 'Bagian Satu' }))
    await shown(main(page).getByText(`Dibuat ${formatDate(made.created_at)}`))
    await shown(main(page).getByText(`Terakhir diperbarui ${formatDate(made.updated_at)}`))
    await main(page).getByRole('link', { name: 'Kembali ke Tentang Desa' }).click()
    await page.waitForURL(
      (url) => url.pathname === '/pages' && url.searchParams.get('search') === `${content.tag} Profil`,
    )
    expect(await page.settled()).toEqual([])
  })

  it('shows "Konten Sedang Dipersiapkan" when the content is empty', async () => {
    const made = await content.page(`${content.tag} Kosong`, '<p>sementara</p>')
    await sql('UPDATE pages SET content = ? WHERE id = ?', '<p><br></p>', made.id)
    const page = await newPage({ viewport: PHONE, isMobile: true })
    await page.goto(`/pages/${made.slug}`)
    await shown(main(page).getByRole('heading', { name: 'Konten Sedang Dipersiapkan' }))
    await shown(main(page).getByText('0 menit baca'))
    // Opened directly, the back button goes to the list.
    await main(page).getByRole('link', { name: 'Kembali ke Tentang Desa' }).click()
    await page.waitForURL((url) => url.pathname === '/pages')
  })
})

describe('aparatur detail', () => {
  it('shows the round photo, name, position and "Profil Singkat"; back returns to the previous page', async () => {
    const made = await content.aparatur({
      name: `${content.tag} Siti Rahayu`,
      position: 'Kaur Perencanaan',
      description: '<p>Bertugas sejak <strong>2019</strong>.</p>',
    })
    const page = await newPage({ viewport: DESKTOP })
    await page.goto(`/aparaturs?search=${encodeURIComponent(content.tag)}`)
    await page.getByRole('link', { name: `${content.tag} Siti Rahayu` }).click()
    await page.waitForURL(`**/aparaturs/${made.id}`)
    await titled(page, `${content.tag} Siti Rahayu - Desa Uji Coba`)
    const photo = main(page).getByRole('img', { name: `${content.tag} Siti Rahayu` })
    await shown(photo)
    expect(await photo.evaluate((img) => getComputedStyle(img).borderRadius)).toBe('9999px')
    await shown(main(page).getByRole('heading', { level: 1, name: `${content.tag} Siti Rahayu` }))
    await shown(main(page).getByText('Kaur Perencanaan', { exact: true }))
    await shown(main(page).getByRole('heading', { name: 'Profil Singkat' }))
    expect(await main(page).locator('strong').filter({ hasText: '2019' }).count()).toBe(1)
    await main(page).getByRole('link', { name: 'Kembali ke Aparaturs' }).click()
    await page.waitForURL((url) => url.pathname === '/aparaturs' && url.searchParams.get('search') === content.tag)
    expect(await page.settled()).toEqual([])
  })

  it('shows a placeholder icon without a photo and the fallbacks for an empty name and position', async () => {
    const made = await content.aparatur({ name: `${content.tag} Tanpa Foto`, position: 'Staf' }, false)
    const page = await newPage({ viewport: PHONE, isMobile: true })
    await page.goto(`/aparaturs/${made.id}`)
    await shown(main(page).getByRole('img', { name: 'Foto belum tersedia' }))
    await titled(page, `${content.tag} Tanpa Foto - Desa Uji Coba`)
    await sql("UPDATE aparaturs SET name = '', position = '' WHERE id = ?", made.id)
    await page.reload()
    await shown(main(page).getByRole('heading', { level: 1, name: 'Nama Aparatur' }))
    await shown(main(page).getByText('Jabatan Aparatur', { exact: true }))
    await titled(page, 'Nama Aparatur - Desa Uji Coba')
    await main(page).getByRole('link', { name: 'Kembali ke Aparaturs' }).click()
    await page.waitForURL((url) => url.pathname === '/aparaturs')
  })
})

describe('post detail', () => {
  it('shows cover, category badge, author, Indonesian long date with weekday, read time and content', async () => {
    const made = await content.post({
      title: `${content.tag} Gotong Royong`,
      content: `<h2>Latar</h2><p>${words(449)}</p>`,
    })
    const page = await newPage({ viewport: DESKTOP })
    await page.goto(`/posts/${made.slug}`)
    await titled(page, `${content.tag} Gotong Royong - Desa Uji Coba`)
    const cover = main(page).getByRole('img', { name: `${content.tag} Gotong Royong` })
    await shown(cover)
    expect(await cover.getAttribute('width')).toBeTruthy()
    expect(await cover.getAttribute('height')).toBeTruthy()
    await shown(main(page).getByText(made.category.name, { exact: true }))
    await shown(main(page).getByRole('heading', { level: 1, name: `${content.tag} Gotong Royong` }))
    await shown(main(page).getByText(made.user.name, { exact: true }))
    const longDate = formatDateWithWeekday(made.created_at)
    expect(longDate).toMatch(/^(Senin|Selasa|Rabu|Kamis|Jumat|Sabtu|Minggu), \d{1,2} \w+ \d{4}$/)
    await shown(main(page).getByText(longDate, { exact: true }))
    // 1 + 449 words: 3 minutes.
    await shown(main(page).getByText('3 menit baca'))
    await shown(main(page).getByRole('heading', { level: 2, name: 'Latar' }))
    await shown(main(page).getByRole('heading', { name: 'Bagikan Artikel' }))
    expect(await page.settled()).toEqual([])
  })

  it('falls back to "Berita" and the village name, and hides the cover when there is none', async () => {
    const writer = await userWithPermissions(['posts-create'])
    const category = await api('POST', '/api/admin/categories', {
      token: await adminToken(),
      json: { name: `${content.tag} Kat` },
    })
    const created = await api('POST', '/api/admin/posts', {
      token: writer.token,
      form: form({
        title: `${content.tag} Tanpa Penulis`,
        content: '<p>Singkat.</p>',
        category_id: category.body.data.id,
      }),
    })
    expect(created.status).toBe(201)
    // The author's account is deleted: the post stays, without an author.
    expect((await api('DELETE', `/api/admin/users/${writer.userId}`, { token: await adminToken() })).status).toBe(200)
    const page = await newPage({ viewport: PHONE, isMobile: true })
    await page.goto(`/posts/${created.body.data.slug}`)
    await shown(main(page).getByRole('heading', { level: 1, name: `${content.tag} Tanpa Penulis` }))
    await shown(main(page).getByText('Desa Uji Coba', { exact: true }))
    expect(
      await main(page)
        .getByRole('img', { name: `${content.tag} Tanpa Penulis` })
        .count(),
    ).toBe(0)
    await shown(main(page).getByText('1 menit baca'))
    // The category badge falls back to "Berita" when a post has no category name (legacy rows).
    await sql("UPDATE categories SET name = '' WHERE id = ?", category.body.data.id)
    await page.reload()
    await shown(main(page).getByText('Berita', { exact: true }))
    const token = await adminToken()
    await api('DELETE', `/api/admin/posts/${created.body.data.id}`, { token })
    await api('DELETE', `/api/admin/categories/${category.body.data.id}`, { token })
    await api('DELETE', `/api/admin/roles/${writer.roleId}`, { token })
  })

  it('shares with the device share function, or copies the address when there is none', async () => {
    const made = await content.post({ title: `${content.tag} Dibagikan`, content: '<p>Bagikan saya.</p>' }, false)
    // A device with a share sheet (stubbed: headless Chromium on Linux has none).
    const phone = await newPage({ viewport: PHONE, isMobile: true })
    await phone.addInitScript(() => {
      const shared: unknown[] = []
      Object.assign(window, { __shared: shared })
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: unknown) => void shared.push(data),
      })
    })
    await phone.goto(`/posts/${made.slug}`)
    await main(phone).getByRole('button', { name: 'Bagikan berita' }).click()
    await expect
      .poll(() => phone.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared))
      .toEqual([{ title: `${content.tag} Dibagikan`, url: phone.url() }])
    await main(phone)
      .getByRole('region', { name: 'Bagikan Artikel' })
      .getByRole('button', { name: 'Bagikan', exact: true })
      .click()
    await expect
      .poll(() => phone.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared.length))
      .toBe(2)

    // Without one, the address goes to the clipboard.
    const desktop = await newPage({ viewport: DESKTOP })
    await desktop.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await desktop.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: undefined })
    })
    await desktop.goto(`/posts/${made.slug}`)
    const section = main(desktop).getByRole('region', { name: 'Bagikan Artikel' })
    await section.getByRole('button', { name: 'Bagikan', exact: true }).click()
    await shown(section.getByText('Tautan disalin ke papan klip.'))
    expect(await desktop.evaluate(() => navigator.clipboard.readText())).toBe(desktop.url())
    await desktop.evaluate(() => navigator.clipboard.writeText(''))
    await main(desktop).getByRole('button', { name: 'Bagikan berita' }).click()
    await expect.poll(() => desktop.evaluate(() => navigator.clipboard.readText())).toBe(desktop.url())
    expect(await phone.settled()).toEqual([])
    expect(await desktop.settled()).toEqual([])
  })
})

describe('product detail', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`shows price, tabs, seller contact and a WhatsApp button (${name})`, async () => {
      const made = await content.product({
        title: `${content.tag} Dodol ${name}`,
        price: 1250000,
        owner: 'Ibu Ratna',
        phone: '0812-3456-7890',
        address: 'Dusun Kulon RT 02',
        content: '<p>Dodol <em>legit</em> buatan rumah.</p>',
      })
      const page = await newPage({ viewport, isMobile: name === 'phone' })
      await page.goto(`/products?search=${encodeURIComponent(`${content.tag} Dodol ${name}`)}`)
      await page.getByRole('link', { name: `${content.tag} Dodol ${name}` }).click()
      await page.waitForURL(`**/products/${made.slug}`)
      await titled(page, `${content.tag} Dodol ${name} - Desa Uji Coba`)
      await shown(main(page).getByRole('img', { name: `${content.tag} Dodol ${name}` }))
      await shown(main(page).getByRole('heading', { level: 1, name: `${content.tag} Dodol ${name}` }))
      expect(plain(await main(page).getByText(/^Rp/).first().innerText())).toBe('Rp 1.250.000')

      const details = main(page).getByRole('tab', { name: 'Detail Produk' })
      const seller = main(page).getByRole('tab', { name: 'Info Penjual' })
      expect(await details.getAttribute('aria-selected')).toBe('true')
      expect(await seller.getAttribute('aria-selected')).toBe('false')
      await shown(main(page).getByRole('tabpanel', { name: 'Detail Produk' }).getByText('legit'))
      await seller.click()
      expect(await seller.getAttribute('aria-selected')).toBe('true')
      const panel = main(page).getByRole('tabpanel', { name: 'Info Penjual' })
      await shown(panel.getByText('Ibu Ratna', { exact: true }))
      await shown(panel.getByText('Dusun Kulon RT 02', { exact: true }))
      expect(await panel.getByRole('link', { name: '0812-3456-7890' }).getAttribute('href')).toBe('tel:081234567890')
      expect(await main(page).getByRole('tabpanel', { name: 'Detail Produk' }).count()).toBe(0)
      // Arrow keys move between the tabs.
      await seller.press('ArrowLeft')
      expect(await details.getAttribute('aria-selected')).toBe('true')

      const whatsapp = main(page).getByRole('link', { name: /Hubungi via WhatsApp/ })
      expect(await whatsapp.getAttribute('target')).toBe('_blank')
      const href = new URL((await whatsapp.getAttribute('href'))!)
      expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/6281234567890')
      expect(href.searchParams.get('text')).toContain(`${content.tag} Dodol ${name}`)
      // It opens in a new tab (wa.me itself is stubbed: the test makes no outside request).
      await page
        .context()
        .route('https://wa.me/**', (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
        )
      const [popup] = await Promise.all([page.context().waitForEvent('page'), whatsapp.click()])
      await popup.waitForLoadState()
      expect(popup.url()).toBe(href.toString())
      await main(page).getByRole('link', { name: 'Kembali ke Produk Desa' }).click()
      await page.waitForURL(
        (url) => url.pathname === '/products' && url.searchParams.get('search') === `${content.tag} Dodol ${name}`,
      )
      expect(await page.settled()).toEqual([])
    })
  }
})
