import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, useBrowser } from '../support/browser'
import { shown, titled, useContent } from './public-fixtures'

const { newPage } = useBrowser()
const content = useContent()

const LISTS = [
  {
    path: '/pages',
    title: 'Tentang Desa',
    label: 'Cari halaman',
    placeholder: 'Cari halaman...',
    empty: 'Tidak ada halaman yang ditemukan.',
    term: 'Sejarah',
    finds: 'Sejarah Desa',
  },
  {
    path: '/aparaturs',
    title: 'Aparaturs',
    label: 'Cari aparatur',
    placeholder: 'Cari aparatur...',
    empty: 'Tidak ada aparatur yang ditemukan.',
    term: 'Sekretaris',
    finds: 'Dewi Lestari',
  },
  {
    path: '/posts',
    title: 'Berita',
    label: 'Cari berita',
    placeholder: 'Cari berita...',
    empty: 'Tidak ada post yang tersedia.',
    term: 'irigasi',
    finds: 'Kerja Bakti Membersihkan Saluran Irigasi',
  },
  {
    path: '/products',
    title: 'Produk Desa',
    label: 'Cari produk',
    placeholder: 'Cari produk...',
    empty: 'Tidak ada produk yang ditemukan.',
    term: 'Madu',
    finds: 'Madu Hutan Asli',
  },
  {
    path: '/photos',
    title: 'Galeri',
    label: 'Cari foto',
    placeholder: 'Cari foto menarik...',
    empty: 'Tidak ada foto yang tersedia.',
    term: 'Pasar',
    finds: 'Pasar Desa',
  },
]

const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams)
const searchBox = (page: Page, label: string) => page.getByRole('main').getByRole('searchbox', { name: label })

/** Column count of a list's grid: items sharing the first item's top edge. */
const columns = (page: Page, listName: string) =>
  page.getByRole('list', { name: listName }).evaluate((list) => {
    const tops = Array.from(list.children).map((item) => Math.round(item.getBoundingClientRect().top))
    return tops.filter((top) => top === tops[0]).length
  })

describe('public lists', () => {
  beforeAll(async () => {
    // Ten pages sharing a tag: a search for it fills page 1 (9 items) and puts one on page 2.
    for (let i = 1; i <= 10; i++)
      await content.page(`${content.tag} Halaman ${String(i).padStart(2, '0')}`, `<p>Isi halaman uji ${i}.</p>`)
  })

  for (const list of LISTS) {
    it(`${list.path}: search placeholder, Enter searches, the address mirrors it, and the empty text`, async () => {
      const page = await newPage({ viewport: DESKTOP })
      await page.goto(list.path)
      await titled(page, `${list.title} - Desa Uji Coba`)
      const box = searchBox(page, list.label)
      expect(await box.getAttribute('placeholder')).toBe(list.placeholder)
      await box.fill(list.term)
      await box.press('Enter')
      await page.waitForURL((url) => url.searchParams.get('search') === list.term)
      expect(query(page)).toEqual({ search: list.term })
      await shown(page.getByRole('main').getByText(list.finds, { exact: true }).first())
      await box.fill(`${content.tag}-tidak-ada`)
      await box.press('Enter')
      await page.waitForURL((url) => url.searchParams.get('search') === `${content.tag}-tidak-ada`)
      await shown(page.getByText(list.empty, { exact: true }))
      // An empty search leaves nothing in the address.
      await box.fill('')
      await box.press('Enter')
      await page.waitForURL((url) => url.pathname === list.path && url.search === '')
      expect(await page.settled()).toEqual([])
    })
  }

  it(
    'pages through results: page in the address only above 1, read back on load, search resets ' + 'to page 1',
    async () => {
      const page = await newPage({ viewport: DESKTOP })
      await page.goto(`/pages?search=${encodeURIComponent(content.tag)}`)
      const cards = page.getByRole('list', { name: 'Daftar halaman' }).getByRole('listitem')
      expect(await cards.count()).toBe(9)
      const pager = page.getByRole('navigation', { name: 'Navigasi halaman' })
      expect(await pager.getByRole('link', { name: 'Halaman 1' }).getAttribute('aria-current')).toBe('page')
      // Centred under the grid.
      const box = (await pager.getByRole('list').boundingBox())!
      expect(Math.abs(box.x + box.width / 2 - DESKTOP.width / 2)).toBeLessThan(20)

      await pager.getByRole('link', { name: 'Halaman 2' }).click()
      await page.waitForURL((url) => url.searchParams.get('page') === '2')
      expect(query(page)).toEqual({ search: content.tag, page: '2' })
      await shown(page.getByRole('link', { name: `${content.tag} Halaman 01` }))
      expect(await cards.count()).toBe(1)
      expect(await pager.getByRole('link', { name: 'Halaman 2' }).getAttribute('aria-current')).toBe('page')
      // Back to page 1: the page leaves the address.
      await pager.getByRole('link', { name: 'Sebelumnya' }).click()
      await page.waitForURL((url) => !url.searchParams.has('page'))
      expect(query(page)).toEqual({ search: content.tag })
      await pager.getByRole('link', { name: 'Berikutnya' }).click()
      await page.waitForURL((url) => url.searchParams.get('page') === '2')

      // A fresh load of the address restores both the search box and the page.
      const again = await newPage({ viewport: DESKTOP })
      await again.goto(`/pages?search=${encodeURIComponent(content.tag)}&page=2`)
      expect(await searchBox(again, 'Cari halaman').inputValue()).toBe(content.tag)
      expect(
        await again
          .getByRole('navigation', { name: 'Navigasi halaman' })
          .getByRole('link', { name: 'Halaman 2' })
          .getAttribute('aria-current'),
      ).toBe('page')
      await shown(again.getByRole('link', { name: `${content.tag} Halaman 01` }))
      // A new search from page 2 starts again at page 1.
      await searchBox(again, 'Cari halaman').fill(`${content.tag} Halaman 1`)
      await searchBox(again, 'Cari halaman').press('Enter')
      await again.waitForURL((url) => url.searchParams.get('search') === `${content.tag} Halaman 1`)
      expect(query(again)).toEqual({ search: `${content.tag} Halaman 1` })
      await shown(again.getByRole('link', { name: `${content.tag} Halaman 10` }))
      expect(await again.getByRole('navigation', { name: 'Navigasi halaman' }).count()).toBe(0)
      // Browser back returns to the previous search, and the box follows the address.
      await again.goBack()
      await again.waitForURL((url) => url.searchParams.get('page') === '2')
      await expect.poll(() => searchBox(again, 'Cari halaman').inputValue()).toBe(content.tag)
      expect(await page.settled()).toEqual([])
      expect(await again.settled()).toEqual([])
    },
  )

  it('lays cards out in 3 columns on desktop, 2 on tablets and 1 on phones', async () => {
    for (const [viewport, expected] of [
      [DESKTOP, 3],
      [{ width: 700, height: 900 }, 2],
      [PHONE, 1],
    ] as const) {
      const page = await newPage({ viewport })
      await page.goto('/posts')
      expect(await columns(page, 'Daftar berita'), `${viewport.width}px`).toBe(expected)
      await page.goto(`/pages?search=${encodeURIComponent(content.tag)}`)
      expect(await columns(page, 'Daftar halaman'), `${viewport.width}px`).toBe(expected)
      await page.goto('/products')
      expect(await columns(page, 'Daftar produk'), `${viewport.width}px`).toBe(expected)
      await page.goto('/aparaturs')
      expect(await columns(page, 'Daftar aparatur'), `${viewport.width}px`).toBe(expected)
      await page.goto('/photos')
      expect(await columns(page, 'Daftar foto'), `${viewport.width}px`).toBe(expected)
      await page.context().close()
    }
  })

  it('searches and pages on a phone too', async () => {
    const page = await newPage({ viewport: PHONE, isMobile: true })
    await page.goto('/pages')
    const box = searchBox(page, 'Cari halaman')
    await box.fill(content.tag)
    await box.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('search') === content.tag)
    const pager = page.getByRole('navigation', { name: 'Navigasi halaman' })
    await pager.getByRole('link', { name: 'Berikutnya' }).click()
    await page.waitForURL((url) => url.searchParams.get('page') === '2')
    await shown(page.getByRole('link', { name: `${content.tag} Halaman 01` }))
    expect(await page.settled()).toEqual([])
  })

  it('/berita is the news list, keeping its query', async () => {
    const page = await newPage({ viewport: DESKTOP })
    await page.goto('/berita?search=irigasi')
    await titled(page, 'Berita - Desa Uji Coba')
    expect(await searchBox(page, 'Cari berita').inputValue()).toBe('irigasi')
    await shown(page.getByRole('link', { name: 'Kerja Bakti Membersihkan Saluran Irigasi' }))
    // The nav marks the news item current here too.
    expect(
      await page
        .getByRole('navigation', { name: 'Menu utama' })
        .getByRole('link', { name: 'Berita', exact: true })
        .getAttribute('aria-current'),
    ).toBe('page')
    await searchBox(page, 'Cari berita').fill('Panen Raya')
    await searchBox(page, 'Cari berita').press('Enter')
    await page.waitForURL((url) => url.pathname === '/berita' && url.searchParams.get('search') === 'Panen Raya')
    await shown(page.getByRole('link', { name: 'Panen Raya Padi Disambut Syukuran Warga' }))
    await page.getByRole('link', { name: 'Panen Raya Padi Disambut Syukuran Warga' }).click()
    await page.waitForURL('**/posts/panen-raya-padi-disambut-syukuran-warga')
    // The detail's back button returns to the list as it was.
    await page.getByRole('link', { name: 'Kembali ke Berita' }).click()
    await page.waitForURL((url) => url.pathname === '/berita' && url.searchParams.get('search') === 'Panen Raya')
    expect(await page.settled()).toEqual([])
  })
})
