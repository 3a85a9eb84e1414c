import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, expectSuccess, unique } from '../support/api'
import { axe, seriousViolations } from '../support/axe'
import { DESKTOP, useBrowser } from '../support/browser'
import { form, jpeg } from '../support/content'
import { PNG, toast } from './admin-support'

// The budget (APBDes) and development projects in Chromium (docs/api.md "Budget (APBDes)", "Development projects",
// "Screens of the new kinds"): a clerk enters a year's budget through its form, a visitor reads it on a phone, staff
// add progress photos, and the public pages meet axe. This server's years: 2031 and 2032.

const { newPage, loggedInPage } = useBrowser()
const PHONE_360 = { width: 360, height: 740 }
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ')

let project: any
beforeAll(async () => {
  const token = await adminToken()
  project = expectSuccess(
    await api('POST', '/api/admin/developments', {
      token,
      form: form(
        {
          title: unique('Jembatan Gantung '),
          description: '<p>Jembatan gantung penghubung dua dusun.</p>',
          location: 'Dusun Pasir RT 03/RW 04',
          latitude: '-6.92',
          longitude: '107.61',
          year: 2026,
          budget: '250.000.000',
          funding_source: 'Dana Desa',
          implementer: 'TPK Desa',
          progress: 40,
        },
        await jpeg(800, 450),
      ),
    }),
    201,
  )
})
afterAll(async () => {
  const token = await adminToken()
  await api('DELETE', `/api/admin/developments/${project.id}`, { token })
  for (const year of [2031, 2032]) {
    const list = await api('GET', `/api/admin/budgets?search=${year}`, { token })
    for (const row of list.body.data.data)
      if (row.year === year) await api('DELETE', `/api/admin/budgets/${row.id}`, { token })
  }
})

/** Waits until React runs the page (its buttons without a form of their own do nothing before). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => Object.keys(window).some((key) => key.startsWith('__reactRouter')))

/** The live total of `label` in the form's "Jumlah" table: its budget and realisation. */
async function total(page: Page, label: string) {
  const row = page
    .getByRole('region', { name: 'Jumlah' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
  return plain(await row.textContent())
    .replace(label, '')
    .trim()
}

describe('a clerk enters a budget through the form', () => {
  it('adds, removes, pastes and moves lines, types amounts with dots, sees the totals follow, and saves', async () => {
    const page = await loggedInPage()
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'APBDes', exact: true }).click()
    await page.waitForURL('**/admin/budgets')
    await page.getByRole('link', { name: 'Add New Budget', exact: true }).click()
    await page.waitForURL('**/admin/budgets/create')
    await hydrated(page)
    await page.getByLabel('Year', { exact: true }).fill('2031')
    await page.getByLabel('Regulation Number', { exact: true }).fill('Perdes No. 7 Tahun 2031')

    const addRow = page.getByRole('button', { name: 'Tambah Baris' })
    await addRow.click()
    await page.getByLabel('Jenis baris 1').selectOption('pendapatan')
    await page.getByLabel('Kelompok baris 1').fill('Pendapatan Transfer')
    await page.getByLabel('Uraian baris 1').fill('Dana Desa')
    await page.getByLabel('Anggaran (Rp) baris 1').fill('1.250.000.000')
    await page.getByLabel('Realisasi (Rp) baris 1').fill('1000000000')
    expect(await total(page, 'Pendapatan')).toBe('Rp 1.250.000.000Rp 1.000.000.000')

    await addRow.click()
    await page.getByLabel('Jenis baris 2').selectOption('belanja')
    await page.getByLabel('Kelompok baris 2').fill('Pelaksanaan Pembangunan Desa')
    await page.getByLabel('Uraian baris 2').fill('Jalan Dusun')
    await page.getByLabel('Anggaran (Rp) baris 2').fill('600.000.000')
    await page.getByLabel('Realisasi (Rp) baris 2').fill('450000000')
    expect(await total(page, 'Surplus/Defisit')).toBe('Rp 650.000.000Rp 550.000.000')

    // A row added by mistake goes again.
    await addRow.click()
    await page.getByLabel('Uraian baris 3').fill('Salah ketik')
    await page.getByRole('button', { name: 'Hapus baris 3' }).click()
    await page.getByLabel('Uraian baris 3').waitFor({ state: 'detached' })

    // Rows copied from a spreadsheet: tab-separated type, group, name, amount, realized.
    await page
      .getByLabel('Tempel dari spreadsheet')
      .fill(
        'Jenis\tKelompok\tUraian\tAnggaran\tRealisasi\n' +
          'belanja\tPenyelenggaraan Pemerintahan Desa\tSiltap\t500000000\t500.000.000\n' +
          'Pengeluaran Pembiayaan\tPembiayaan\tModal BUMDes\t30.000.000\t0\n',
      )
    await page.getByRole('button', { name: 'Tempel Baris' }).click()
    expect(await page.getByLabel('Uraian baris 3').inputValue()).toBe('Siltap')
    expect(await page.getByLabel('Jenis baris 4').inputValue()).toBe('pengeluaran_pembiayaan')
    expect(await total(page, 'Belanja')).toBe('Rp 1.100.000.000Rp 950.000.000')
    expect(await total(page, 'Pembiayaan Netto')).toBe('-Rp 30.000.000Rp 0')
    expect(await total(page, 'SiLPA')).toBe('Rp 120.000.000Rp 50.000.000')

    // Spending first: the second row moves up.
    await page.getByRole('button', { name: 'Naikkan baris 2' }).click()
    expect(await page.getByLabel('Uraian baris 1').inputValue()).toBe('Jalan Dusun')

    // A wrong amount is named by its line, and the lines stay as typed.
    await page.getByLabel('Anggaran (Rp) baris 4').fill('30 juta')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Line 4: amount must be a whole number >= 0').waitFor()
    expect(await page.getByLabel('Uraian baris 4').inputValue()).toBe('Modal BUMDes')
    await page.getByLabel('Anggaran (Rp) baris 4').fill('30.000.000')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await toast(page, 'Budget created successfully!')
    await page.waitForURL('**/admin/budgets')

    const saved = expectSuccess(await api('GET', '/api/public/budgets/2031'))
    expect(saved.regulation_number).toBe('Perdes No. 7 Tahun 2031')
    expect(saved.items.map(({ id, ...line }: any) => line)).toEqual([
      {
        type: 'belanja',
        group: 'Pelaksanaan Pembangunan Desa',
        name: 'Jalan Dusun',
        amount: 600_000_000,
        realized: 450_000_000,
      },
      {
        type: 'pendapatan',
        group: 'Pendapatan Transfer',
        name: 'Dana Desa',
        amount: 1_250_000_000,
        realized: 1_000_000_000,
      },
      {
        type: 'belanja',
        group: 'Penyelenggaraan Pemerintahan Desa',
        name: 'Siltap',
        amount: 500_000_000,
        realized: 500_000_000,
      },
      { type: 'pengeluaran_pembiayaan', group: 'Pembiayaan', name: 'Modal BUMDes', amount: 30_000_000, realized: 0 },
    ])

    // Next year starts from this one: the same lines, nothing realised yet.
    await page.getByRole('link', { name: 'Edit 2031' }).click()
    expect(await page.getByLabel('Anggaran (Rp) baris 2').inputValue()).toBe('1.250.000.000')
    await page.getByRole('link', { name: 'Salin ke tahun berikutnya' }).click()
    await page.getByText('Disalin dari APBDes 2031').waitFor()
    expect(await page.getByLabel('Year', { exact: true }).inputValue()).toBe('2032')
    expect(await page.getByLabel('Uraian baris 4').inputValue()).toBe('Modal BUMDes')
    expect(await page.getByLabel('Realisasi (Rp) baris 1').inputValue()).toBe('')
    await page.getByRole('button', { name: 'Simpan sebagai Draf' }).click()
    // The first save's toast may still be up: the list with the new year is what shows this save landed.
    await page.waitForURL('**/admin/budgets')
    await page.getByRole('link', { name: 'Edit 2032' }).waitFor()
    await toast(page, 'Budget created successfully!')
    const draft = expectSuccess(await api('GET', '/api/admin/budgets?search=2032', { token: await adminToken() }))
    expect(draft.data[0]).toMatchObject({ year: 2032, status: 'draft' })
    expect(draft.data[0].totals.belanja).toEqual({ amount: 1_100_000_000, realized: 0 })
    // The refused save (422) is the only failed load.
    expect((await page.settled()).filter((error) => !error.includes('status of 422'))).toEqual([])
  })
})

describe('a visitor reads the budget', () => {
  it('on a 360 px phone: the heading, the cards, the chart and every figure fit the screen', async () => {
    const page = await newPage({ viewport: PHONE_360, isMobile: true })
    await page.goto('/apbdes/2031')
    await page.getByRole('heading', { level: 1, name: 'APBDes 2031' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    const cards = page.getByRole('list', { name: 'Ringkasan APBDes' })
    for (const card of ['Pendapatan', 'Belanja', 'Pembiayaan', 'Surplus/Defisit'])
      await cards.getByRole('heading', { name: card, exact: true }).waitFor()
    expect(plain(await cards.textContent())).toContain('Rp 1.250.000.000')
    await page.getByRole('img', { name: 'Anggaran dan realisasi APBDes 2031 per kelompok' }).waitFor()
    // Each line's figures are on the screen, not beyond its right edge.
    const line = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Dana Desa', exact: true }) })
    expect(plain(await line.textContent())).toContain('Rp 1.000.000.000')
    for (const cell of await line.getByRole('cell').all()) {
      const box = (await cell.boundingBox())!
      expect(box.x + box.width).toBeLessThanOrEqual(360)
    }
    const group = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Pendapatan Transfer' }) })
    expect(plain(await group.textContent())).toContain('80,0%')
    const csv = page.getByRole('link', { name: 'Unduh CSV' })
    expect(await csv.getAttribute('href')).toBe('/apbdes/2031.csv')
    expect(await csv.isVisible()).toBe(true)
    expect(await axe(page)).toEqual([])
    expect(await page.settled()).toEqual([])
  })
})

describe('progress photos', () => {
  it('are uploaded and deleted in Foto Progres of the edit screen', async () => {
    const page = await loggedInPage()
    await page.goto(`/admin/developments/edit/${project.id}`)
    await hydrated(page)
    const section = page.getByRole('region', { name: 'Foto Progres' })
    await section.getByText('Belum ada foto progres.').waitFor()
    await section.getByLabel('Foto', { exact: true }).setInputFiles(PNG)
    await section.getByLabel('Keterangan').fill('Pemasangan tiang')
    await section.getByLabel('Progres (%)').fill('101')
    await section.getByRole('button', { name: 'Unggah' }).click()
    await section.getByText('Progress must be a whole number from 0 to 100').waitFor()
    await section.getByLabel('Progres (%)').fill('40')
    await section.getByLabel('Foto', { exact: true }).setInputFiles(PNG)
    await section.getByRole('button', { name: 'Unggah' }).click()
    await toast(page, 'Photo uploaded successfully!')
    await section.getByText('Pemasangan tiang').waitFor()
    expect(expectSuccess(await api('GET', `/api/public/developments/${project.slug}`)).photos).toMatchObject([
      { caption: 'Pemasangan tiang', progress: 40 },
    ])
    await section.getByRole('button', { name: 'Delete Pemasangan tiang' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click()
    await toast(page, 'Photo deleted successfully!')
    await section.getByText('Belum ada foto progres.').waitFor()
    // The refused upload (422) is the only failed load.
    expect((await page.settled()).filter((error) => !error.includes('status of 422'))).toEqual([])
  })
})

describe('the admin screens of budgets and projects', () => {
  it(
    'have no serious or critical axe violation ' + '(the admin screens meet the bar the other admin screens meet)',
    async () => {
      const token = await adminToken()
      const budget = expectSuccess(await api('GET', '/api/admin/budgets?search=2031', { token })).data[0]
      const page = await loggedInPage()
      for (const path of [
        '/admin/budgets',
        '/admin/budgets/create',
        `/admin/budgets/edit/${budget.id}`,
        '/admin/developments',
        '/admin/developments/create',
        `/admin/developments/edit/${project.id}`,
      ]) {
        await page.goto(path)
        await page.getByRole('heading', { level: 1 }).first().waitFor()
        expect(await seriousViolations(page), path).toEqual([])
      }
      expect(await page.settled()).toEqual([])
    },
  )
})

describe('the public transparency pages', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE_360],
  ])('meet axe in full on %s', async (_label, viewport) => {
    const page = await newPage({ viewport })
    for (const path of ['/apbdes', '/pembangunan', '/pembangunan?stage=berjalan', `/pembangunan/${project.slug}`]) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      expect(await axe(page), path).toEqual([])
    }
    // The project's progress: a progress bar next to its percentage and stage, and the map.
    const bar = page.getByRole('progressbar', { name: `Progres ${project.title}` })
    expect(await bar.getAttribute('aria-valuenow')).toBe('40')
    expect(await page.getByText('40%', { exact: true }).first().isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: /Lihat di Peta/ }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=-6.92&mlon=107.61',
    )
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    expect(await page.settled()).toEqual([])
  })
})
