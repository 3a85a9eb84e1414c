import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, unique } from '../support/api'
import { axe, seriousViolations } from '../support/axe'
import { DESKTOP, useBrowser } from '../support/browser'
import { toast } from './admin-support'
import { shown, titled } from './public-fixtures'

// The village information in Chromium: the grouped public menu on a 360 px phone (by touch and by keyboard) and on a
// desktop, the agenda, statistics, announcements and search screens meeting axe, and the statistics table editor with
// its "Tempel CSV" in the admin. Destinations other issues build (/apbdes...) are only followed as links here.

const { newPage, loggedInPage } = useBrowser()
const PHONE_360 = { width: 360, height: 740 }

const created: { kind: string; id: number }[] = []
let event: { id: number; slug: string; title: string }
let dataset: { id: number; slug: string; title: string }

async function make<T>(kind: string, json: Record<string, unknown>): Promise<T> {
  const result = await api('POST', `/api/admin/${kind}`, { token: await adminToken(), json })
  if (result.status !== 201) throw new Error(`${kind}: ${result.text}`)
  created.push({ kind, id: result.body.data.id })
  return result.body.data
}

beforeAll(async () => {
  event = await make('events', {
    title: unique('Musyawarah Dusun '),
    location: 'Balai Dusun',
    description: '<p>Membahas jalan dusun.</p>',
    starts_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
  })
  dataset = await make('statistics', {
    title: unique('Penduduk Menurut Agama '),
    category: 'agama',
    unit: 'jiwa',
    label_column: 'Agama',
    columns: ['Laki-laki', 'Perempuan'],
    rows: [
      { label: 'Islam', values: [910, 930] },
      { label: 'Kristen', values: [40, 42] },
    ],
  })
})

afterAll(async () => {
  const token = await adminToken()
  for (const item of created.reverse()) await api('DELETE', `/api/admin/${item.kind}/${item.id}`, { token })
})

/** The disclosure button of a menu group and the list it controls. */
async function group(scope: Locator, page: Page, name: string) {
  const button = scope.getByRole('button', { name, exact: true })
  const panel = page.locator(`#${await button.getAttribute('aria-controls')}`)
  return { button, panel }
}

describe('the public menu on a 360 px phone', () => {
  it('opens a group by touch and follows its link', async () => {
    const page = await newPage({ viewport: PHONE_360, isMobile: true })
    await page.goto('/')
    // Nothing of the page runs wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await page.getByRole('button', { name: 'Buka menu' }).tap()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await shown(drawer)
    const informasi = await group(drawer.getByRole('navigation', { name: 'Menu utama' }), page, 'Informasi')
    expect(await informasi.button.getAttribute('aria-expanded')).toBe('false')
    expect(await informasi.panel.isVisible()).toBe(false)
    await informasi.button.tap()
    expect(await informasi.button.getAttribute('aria-expanded')).toBe('true')
    await shown(informasi.panel)
    for (const [label, href] of [
      ['Pengumuman', '/pengumuman'],
      ['Statistik Desa', '/statistik'],
      ['Dokumen', '/dokumen'],
      ['PPID', '/ppid'],
    ])
      expect(await informasi.panel.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(href)
    // One group at a time: opening another closes it.
    const transparansi = await group(drawer.getByRole('navigation', { name: 'Menu utama' }), page, 'Transparansi')
    await transparansi.button.tap()
    expect(await transparansi.button.getAttribute('aria-expanded')).toBe('true')
    expect(await informasi.button.getAttribute('aria-expanded')).toBe('false')
    await informasi.button.tap()
    await informasi.panel.getByRole('link', { name: 'Statistik Desa' }).tap()
    await page.waitForURL('**/statistik')
    await drawer.waitFor({ state: 'detached' })
    await titled(page, 'Statistik Desa - Desa Uji Coba')
    // The other destinations are one tap away too.
    await page.getByRole('button', { name: 'Buka menu' }).tap()
    await drawer.getByRole('link', { name: 'Agenda', exact: true }).tap()
    await page.waitForURL('**/agenda')
    await page.getByRole('button', { name: 'Buka menu' }).tap()
    await drawer.getByRole('link', { name: 'Pencarian', exact: true }).tap()
    await page.waitForURL('**/cari')
    expect(await page.settled()).toEqual([])
  })

  it('opens a group by keyboard; Escape closes the group first, then the drawer', async () => {
    const page = await newPage({ viewport: PHONE_360, isMobile: true })
    await page.goto('/')
    const opener = page.getByRole('button', { name: 'Buka menu' })
    await opener.focus()
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await shown(drawer)
    const layanan = await group(drawer, page, 'Layanan')
    await layanan.button.focus()
    await page.keyboard.press('Space')
    expect(await layanan.button.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Layanan Pengaduan')
    await page.keyboard.press('Escape')
    expect(await layanan.button.getAttribute('aria-expanded')).toBe('false')
    expect(await layanan.button.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await drawer.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'detached' })
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true)
  })
})

describe('the public menu on a desktop', () => {
  it('opens a group with Enter or the down arrow, closes it with Escape, a click elsewhere or leaving it', async () => {
    const page = await newPage({ viewport: DESKTOP })
    await page.goto('/')
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Menu utama' })
    const informasi = await group(nav, page, 'Informasi')
    await informasi.button.focus()
    await page.keyboard.press('Enter')
    expect(await informasi.button.getAttribute('aria-expanded')).toBe('true')
    await shown(informasi.panel)
    await page.keyboard.press('Escape')
    expect(await informasi.button.getAttribute('aria-expanded')).toBe('false')
    expect(await informasi.button.evaluate((el) => el === document.activeElement)).toBe(true)
    // The down arrow opens and moves to the first link; Tab out of the group closes it.
    await page.keyboard.press('ArrowDown')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Pengumuman')
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab')
    expect(await informasi.button.getAttribute('aria-expanded')).toBe('false')
    // A click opens; a click elsewhere closes.
    await informasi.button.click()
    await shown(informasi.panel)
    await page.getByRole('heading', { name: 'Berita Terbaru' }).click()
    expect(await informasi.button.getAttribute('aria-expanded')).toBe('false')
    await informasi.button.click()
    await informasi.panel.getByRole('link', { name: 'Pengumuman' }).click()
    await page.waitForURL('**/pengumuman')
    await shown(page.getByRole('heading', { level: 1, name: 'Pengumuman' }))
    expect(await informasi.panel.isVisible()).toBe(false)
    expect(await page.settled()).toEqual([])
  })
})

describe('the new public screens', () => {
  const screens = () => [
    '/agenda',
    `/agenda/${event.slug}`,
    '/pengumuman',
    '/statistik',
    `/statistik/${dataset.slug}`,
    `/cari?q=${encodeURIComponent('desa')}`,
    '/cari',
  ]

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE_360],
  ] as const)(
    'meet axe in full and fit the screen (%s)',
    async (_name, viewport) => {
      const page = await newPage({ viewport })
      for (const path of screens()) {
        await page.goto(path)
        expect(await axe(page), `${path} at ${viewport.width}px`).toEqual([])
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          viewport.width,
        )
      }
      // With a group of the menu open.
      await page.goto('/')
      if (viewport.width >= 1024) {
        await page.getByRole('banner').getByRole('button', { name: 'Transparansi' }).click()
      } else {
        await page.getByRole('button', { name: 'Buka menu' }).click()
        await page.getByRole('dialog').getByRole('button', { name: 'Transparansi' }).click()
      }
      expect(await axe(page), 'menu group open').toEqual([])
      expect(await page.settled()).toEqual([])
    },
    180_000,
  )

  it('shows an event with its calendar links, and the statistics with chart, table and CSV', async () => {
    const page = await newPage({ viewport: PHONE_360 })
    await page.goto('/agenda')
    await page.getByRole('link', { name: event.title }).click()
    await page.waitForURL(`**/agenda/${event.slug}`)
    await shown(page.getByRole('heading', { level: 1, name: event.title }))
    expect(await page.getByRole('link', { name: 'Simpan ke Kalender (.ics)' }).getAttribute('href')).toBe(
      `/agenda/${event.slug}.ics`,
    )
    expect(await page.getByRole('link', { name: /Tambahkan ke Google Calendar/ }).getAttribute('href')).toMatch(
      /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
    )
    await page.goto('/statistik')
    await shown(page.getByRole('heading', { level: 2, name: 'Agama' }))
    await page.getByRole('link', { name: dataset.title }).click()
    await page.waitForURL(`**/statistik/${dataset.slug}`)
    await shown(page.getByRole('img', { name: `Grafik batang: ${dataset.title}` }))
    const total = page.getByRole('row', { name: /^Jumlah/ })
    expect(await total.getByRole('cell').allTextContents()).toEqual(['950', '972'])
    expect(await page.getByRole('link', { name: 'Unduh CSV' }).getAttribute('href')).toBe(
      `/statistik/${dataset.slug}.csv`,
    )
    expect(await page.settled()).toEqual([])
  })
})

describe('the statistics form in the admin', () => {
  it('edits the table by hand, then takes it pasted as CSV, and shows a bad row under the form', async () => {
    const page = await loggedInPage()
    const title = unique('Penduduk Menurut Pekerjaan ')
    await page.goto('/admin/statistics/create')
    await page.getByLabel('Title', { exact: true }).fill(title)
    await page.getByLabel('Category', { exact: true }).selectOption('pekerjaan')
    await page.getByLabel('Nama Kolom Label').fill('Pekerjaan')
    await page.getByLabel('Nama kolom 1').fill('Laki-laki')
    await page.getByRole('button', { name: 'Tambah Kolom' }).click()
    await page.getByLabel('Nama kolom 2').fill('Perempuan')
    await page.getByLabel('Label baris 1').fill('Petani')
    await page.getByLabel('Laki-laki baris 1').fill('120')
    await page.getByLabel('Perempuan baris 1').fill('80')
    await page.getByRole('button', { name: 'Tambah Baris' }).click()
    await page.getByLabel('Label baris 2').fill('Pedagang')
    await page.getByLabel('Laki-laki baris 2').fill('30')
    await page.getByLabel('Perempuan baris 2').fill('45,5')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await toast(page, 'Statistic created successfully!')
    const token = await adminToken()
    const [saved] = (await api('GET', `/api/admin/statistics?search=${encodeURIComponent(title)}`, { token })).body.data
      .data
    created.push({ kind: 'statistics', id: saved.id })
    expect(saved).toMatchObject({
      label_column: 'Pekerjaan',
      columns: ['Laki-laki', 'Perempuan'],
      rows: [
        { label: 'Petani', values: [120, 80] },
        { label: 'Pedagang', values: [30, 45.5] },
      ],
    })

    await page.goto(`/admin/statistics/edit/${saved.id}`)
    expect(await page.getByLabel('Label baris 2').inputValue()).toBe('Pedagang')
    const csv = page.getByLabel('Tempel CSV')
    // A ragged row is refused, naming the row and its line.
    await csv.fill('Pekerjaan,Jumlah\nPetani,200\nGuru')
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await shown(page.getByText('Row 2 (line 3 of the CSV) has 0 values; the first line names 1 column'))
    await csv.fill('Pekerjaan,Jumlah\nPetani,200\nGuru,42')
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await toast(page, 'Statistic updated successfully!')
    const updated = (await api('GET', `/api/admin/statistics/${saved.id}`, { token })).body.data
    expect(updated).toMatchObject({
      columns: ['Jumlah'],
      rows: [
        { label: 'Petani', values: [200] },
        { label: 'Guru', values: [42] },
      ],
    })

    // "Terapkan ke Tabel" puts pasted text into the table before saving.
    await page.goto(`/admin/statistics/edit/${saved.id}`)
    await page.getByLabel('Tempel CSV').fill('Pekerjaan\tJumlah\nNelayan\t7')
    await page.getByRole('button', { name: 'Terapkan ke Tabel' }).click()
    expect(await page.getByLabel('Label baris 1').inputValue()).toBe('Nelayan')
    expect(await page.getByLabel('Jumlah baris 1').inputValue()).toBe('7')
    expect(await page.getByLabel('Tempel CSV').inputValue()).toBe('')
    // The refused save above is the form's own 422.
    expect((await page.settled()).filter((error) => !error.includes('status of 422'))).toEqual([])
  })
})

describe('the admin screens of the new kinds', () => {
  /** The heading shown and any rich-text editor loaded. */
  async function settled(page: Page) {
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 10_000 })
    const editors = page.locator('[data-ready]')
    for (let i = 0; i < (await editors.count()); i++)
      await page.locator('[data-ready="true"]').nth(i).waitFor({ timeout: 10_000 })
  }

  it('have their menu entries, lists and forms, which axe finds no serious fault in, errors shown too', async () => {
    const page = await loggedInPage()
    const menu = page.getByRole('navigation', { name: 'Admin', exact: true })
    for (const [label, path, add] of [
      ['Agenda', '/admin/events', 'Add New Event'],
      ['Pengumuman', '/admin/announcements', 'Add New Announcement'],
      ['Statistik', '/admin/statistics', 'Add New Statistic'],
    ]) {
      await menu.getByRole('link', { name: label, exact: true }).click()
      await page.waitForURL(`**${path}`)
      await shown(page.getByRole('link', { name: add }))
      expect(await seriousViolations(page), path).toEqual([])
      await page.getByRole('link', { name: add }).click()
      await page.waitForURL(`**${path}/create`)
      await settled(page)
      expect(await seriousViolations(page), `${path}/create`).toEqual([])
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await page
        .getByText(/is required|must name/)
        .first()
        .waitFor({ timeout: 10_000 })
      expect(await seriousViolations(page), `${path}/create with errors`).toEqual([])
    }
    await page.goto(`/admin/events/edit/${event.id}`)
    await settled(page)
    expect(await seriousViolations(page), 'event edit').toEqual([])
    await page.goto(`/admin/statistics/edit/${dataset.id}`)
    await settled(page)
    expect(await seriousViolations(page), 'statistics edit').toEqual([])
    expect((await page.settled()).filter((error) => !error.includes('status of 422'))).toEqual([])
  }, 120_000)

  it('create an all-day event: ticking the box turns the times into dates', async () => {
    const page = await loggedInPage()
    const title = unique('Vaksinasi Hewan ')
    await page.goto('/admin/events/create')
    await settled(page)
    await page.getByLabel('Title', { exact: true }).fill(title)
    await page.getByLabel('Location', { exact: true }).fill('Kandang Dusun')
    const starts = page.getByLabel(/^Starts At/)
    expect(await starts.getAttribute('type')).toBe('datetime-local')
    await starts.fill('2030-01-10T08:00')
    await page.getByLabel(/^All Day/).check()
    expect(await starts.getAttribute('type')).toBe('date')
    expect(await starts.inputValue()).toBe('2030-01-10')
    await page.getByLabel(/^Ends At/).fill('2030-01-11')
    await page.getByRole('button', { name: 'Terbitkan', exact: true }).click()
    await toast(page, 'Event created successfully!')
    const token = await adminToken()
    const [saved] = (await api('GET', `/api/admin/events?search=${encodeURIComponent(title)}`, { token })).body.data
      .data
    created.push({ kind: 'events', id: saved.id })
    expect(saved).toMatchObject({
      all_day: true,
      starts_at: '2030-01-10T00:00:00.000Z',
      ends_at: '2030-01-11T00:00:00.000Z',
      location: 'Kandang Dusun',
      status: 'published',
    })
    // The edit form shows it as it was saved: dates, the box ticked.
    await page.goto(`/admin/events/edit/${saved.id}`)
    await settled(page)
    expect(await page.getByLabel(/^All Day/).isChecked()).toBe(true)
    expect(await page.getByLabel(/^Starts At/).inputValue()).toBe('2030-01-10')
    expect(await page.settled()).toEqual([])
  })
})
