import { describe, expect, it } from 'vitest'
import { api } from '../support/api'
import { DESKTOP, PHONE, useBrowser } from '../support/browser'
import { shown, titled } from './public-fixtures'

const { newPage } = useBrowser()

const NAV = [
  ['Beranda', '/'],
  ['Tentang Desa', '/pages'],
  ['Aparaturs', '/aparaturs'],
  ['Berita', '/posts'],
  ['Produk Desa', '/products'],
  ['Galeri', '/photos'],
] as const

describe('public layout at desktop width', () => {
  it('has the site navigation with the current item marked', async () => {
    const page = await newPage({ viewport: DESKTOP })
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Menu utama' })
    for (const [label, href] of NAV) {
      await expect(nav.getByRole('link', { name: label, exact: true }).getAttribute('href')).resolves.toBe(href)
    }
    expect(await nav.getByRole('link', { name: 'Beranda' }).getAttribute('aria-current')).toBe('page')
    await nav.getByRole('link', { name: 'Produk Desa' }).click()
    await page.waitForURL('**/products')
    await titled(page, 'Produk Desa - Desa Uji Coba')
    expect(await nav.getByRole('link', { name: 'Produk Desa' }).getAttribute('aria-current')).toBe('page')
    expect(await nav.getByRole('link', { name: 'Beranda' }).getAttribute('aria-current')).toBeNull()
    // The news item stays current on a news detail and on /berita.
    await page.goto('/berita')
    expect(await nav.getByRole('link', { name: 'Berita', exact: true }).getAttribute('aria-current')).toBe('page')
    // No drawer button on wide screens.
    expect(await page.getByRole('button', { name: 'Buka menu' }).isVisible()).toBe(false)
    expect(await page.settled()).toEqual([])
  })

  it('header search goes to the news list searched for the term and ignores empty input', async () => {
    const page = await newPage({ viewport: DESKTOP })
    await page.goto('/photos')
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Cari informasi' })
    expect(await search.getAttribute('placeholder')).toBe('Cari informasi...')
    await page.getByRole('banner').getByRole('button', { name: 'Cari', exact: true }).click()
    await search.fill('   ')
    await search.press('Enter')
    await page.waitForTimeout(300)
    expect(new URL(page.url()).pathname).toBe('/photos')
    await search.fill('Panen Raya')
    await page.getByRole('banner').getByRole('button', { name: 'Cari', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/posts' && url.searchParams.get('search') === 'Panen Raya')
    await shown(page.getByRole('heading', { name: 'Panen Raya Padi Disambut Syukuran Warga' }))
    // The list's own box shows the term it was searched for.
    expect(await page.getByRole('main').getByRole('searchbox', { name: 'Cari berita' }).inputValue()).toBe('Panen Raya')
    expect(await page.settled()).toEqual([])
  })

  it('footer holds the contact details, a mobile-app block and links to privacy and terms', async () => {
    const page = await newPage({ viewport: DESKTOP })
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await shown(footer.getByRole('heading', { name: 'Kontak Desa Uji Coba' }))
    // The test server keeps the default address, phone and email of the configuration.
    await shown(footer.getByText('Jl. Raya Sukamaju No. 1', { exact: false }))
    expect(await footer.getByRole('link', { name: '022 123-4567' }).getAttribute('href')).toBe('tel:0221234567')
    expect(await footer.getByRole('link', { name: 'info@sukamaju.desa.id' }).getAttribute('href')).toBe(
      'mailto:info@sukamaju.desa.id',
    )
    await shown(footer.getByRole('heading', { name: 'Aplikasi Mobile' }))
    await footer.getByRole('link', { name: 'Kebijakan Privasi' }).click()
    await page.waitForURL('**/privacy')
    await titled(page, 'Kebijakan Privasi - Desa Uji Coba')
    await shown(page.getByRole('heading', { level: 1, name: 'Kebijakan Privasi' }))
    await shown(page.getByRole('heading', { name: 'Informasi yang Kami Kumpulkan' }))
    await page.getByRole('contentinfo').getByRole('link', { name: 'Syarat dan Ketentuan' }).click()
    await page.waitForURL('**/terms')
    await titled(page, 'Syarat dan Ketentuan - Desa Uji Coba')
    await shown(page.getByRole('heading', { name: 'Produk Desa', level: 2 }))
    expect(await page.settled()).toEqual([])
  })

  it('shows a pending indicator while the next screen loads', async () => {
    const page = await newPage({ viewport: DESKTOP })
    await page.goto('/')
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/photos.data*', async (route) => {
      await held
      await route.continue()
    })
    await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Galeri' }).click()
    const bar = page.getByRole('progressbar', { name: 'Memuat halaman' })
    await bar.waitFor({ state: 'visible', timeout: 5000 })
    expect(await page.getByRole('main').getAttribute('aria-busy')).toBe('true')
    release()
    await page.waitForURL('**/photos')
    await bar.waitFor({ state: 'detached', timeout: 10_000 })
    await shown(page.getByRole('heading', { name: 'Galeri Desa' }))
  })

  it('shows a friendly error screen, not a stack trace, when loading a screen fails', async () => {
    const page = await newPage({ viewport: DESKTOP })
    await page.goto('/')
    await page.route('**/products.data*', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Error: boom\n    at loader (/app/x.js:1:1)' }),
    )
    await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Produk Desa' }).click()
    await shown(page.getByRole('heading', { name: 'Maaf, terjadi kesalahan' }))
    expect(await page.getByRole('main').innerText()).not.toMatch(/boom|at loader/)
    expect(await page.title()).toContain('Terjadi Kesalahan')
    // A way out: back to the home page, which loads normally.
    await page.getByRole('link', { name: 'Kembali ke Beranda' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await shown(page.getByRole('heading', { name: 'Berita Terbaru' }))
  })
})

describe('public layout at phone width', () => {
  it('uses a drawer menu with the navigation and the search', async () => {
    const page = await newPage({ viewport: PHONE, isMobile: true })
    await page.goto('/')
    expect(await page.getByRole('navigation', { name: 'Menu utama' }).isVisible()).toBe(false)
    const open = page.getByRole('button', { name: 'Buka menu' })
    expect(await open.getAttribute('aria-expanded')).toBe('false')
    await open.click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await drawer.waitFor()
    expect(await open.getAttribute('aria-expanded')).toBe('true')
    for (const [label, href] of NAV) {
      expect(await drawer.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(href)
    }
    expect(await drawer.getByRole('link', { name: 'Beranda' }).getAttribute('aria-current')).toBe('page')
    // Focus is inside the drawer; Escape closes it and gives focus back to the menu button.
    expect(await page.evaluate(() => document.activeElement?.closest('[role=dialog]') !== null)).toBe(true)
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'detached' })
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true)
    // A link navigates and closes the drawer.
    await open.click()
    await drawer.getByRole('link', { name: 'Aparaturs' }).click()
    await page.waitForURL('**/aparaturs')
    await drawer.waitFor({ state: 'detached' })
    await titled(page, 'Aparaturs - Desa Uji Coba')
    await open.click()
    expect(await drawer.getByRole('link', { name: 'Aparaturs' }).getAttribute('aria-current')).toBe('page')
    // The drawer's search: empty input is ignored, a term goes to the news list.
    const search = drawer.getByRole('searchbox', { name: 'Cari informasi' })
    await drawer.getByRole('button', { name: 'Cari', exact: true }).click()
    expect(new URL(page.url()).pathname).toBe('/aparaturs')
    await search.fill('irigasi')
    await search.press('Enter')
    await page.waitForURL((url) => url.pathname === '/posts' && url.searchParams.get('search') === 'irigasi')
    await drawer.waitFor({ state: 'detached' })
    await shown(page.getByRole('heading', { name: 'Kerja Bakti Membersihkan Saluran Irigasi' }))
    // The footer is there on phones too.
    await shown(page.getByRole('contentinfo').getByRole('link', { name: 'Kebijakan Privasi' }))
    expect(await page.settled()).toEqual([])
  })
})

describe('unknown addresses', () => {
  it('redirects an unknown path to the home page', async () => {
    const page = await newPage({ viewport: PHONE, isMobile: true })
    await page.goto('/tidak/ada/halaman-ini?x=1')
    expect(new URL(page.url()).pathname).toBe('/')
    await titled(page, 'Selamat Datang - Desa Uji Coba')
    const direct = await api('GET', '/sembarang-alamat', { headers: { Accept: 'text/html' } })
    expect(direct.status).toBe(302)
    expect(direct.headers.get('location')).toBe('/')
  })

  it('keeps the own 404s of /api/* and /uploads/*', async () => {
    const apiMiss = await api('GET', '/api/tidak-ada')
    expect(apiMiss.status).toBe(404)
    expect(apiMiss.body.success).toBe(false)
    const upload = await api('GET', '/uploads/photos/tidak-ada.jpg', { headers: { Accept: 'text/html' } })
    expect(upload.status).toBe(404)
    expect(upload.headers.get('location')).toBeNull()
    // The back office answers its own unknown paths (not found, or the login it needs): never the home page.
    const admin = await api('GET', '/admin/tidak-ada', { headers: { Accept: 'text/html' } })
    expect(admin.headers.get('location')).not.toBe('/')
    expect([302, 303, 404]).toContain(admin.status)
  })

  it('answers an unknown slug or id with the not-found screen and status 404', async () => {
    const page = await newPage({ viewport: DESKTOP })
    for (const path of [
      '/posts/tidak-ada-berita-ini',
      '/pages/tidak-ada',
      '/products/tidak-ada',
      '/aparaturs/999999999',
      '/aparaturs/abc',
    ]) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await shown(page.getByRole('heading', { name: 'Halaman tidak ditemukan' }))
      await titled(page, 'Halaman Tidak Ditemukan - Desa Uji Coba')
      await shown(page.getByRole('navigation', { name: 'Menu utama' }))
    }
    // Hydrating the not-found screen must not fail (the browser's own 404 resource notice aside).
    expect((await page.settled()).filter((error) => !error.includes('404'))).toEqual([])
  })

  it('answers an address outside every layout with the root error page, which leads home', async () => {
    const page = await newPage({ viewport: DESKTOP })
    const response = await page.goto('/admin/tidak-ada/sama-sekali')
    expect(response?.status()).toBe(404)
    await shown(page.getByRole('heading', { level: 1, name: 'Halaman tidak ditemukan' }))
    await titled(page, 'Halaman Tidak Ditemukan')
    await page.getByRole('link', { name: 'Kembali ke Beranda' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await titled(page, 'Selamat Datang - Desa Uji Coba')
  })
})
