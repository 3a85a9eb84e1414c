import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { tinyPdf } from '../../app/lib/tiny-pdf'
import { adminToken, api, unique } from '../support/api'
import { axe } from '../support/axe'
import { DESKTOP, PHONE, useBrowser } from '../support/browser'
import { PNG, toast } from './admin-support'

/**
 * Informasi Publik and Layanan in Chromium (issue 23): a villager files a complaint on a phone and tracks it, staff
 * answer it in the back office, an exempt document stays out of reach, and axe finds nothing on the new screens.
 */

const { newPage, loggedInPage } = useBrowser()

let documentSlug: string

beforeAll(async () => {
  const form = new FormData()
  form.set('title', unique('Peraturan Desa tentang Irigasi '))
  form.set('number', '4 Tahun 2026')
  form.set('kind', 'peraturan_desa')
  form.set('information_class', 'berkala')
  form.set('enacted_at', '2026-02-02')
  form.set('description', '<p>Pembagian air irigasi antar dusun.</p>')
  form.set('file', new Blob([new Uint8Array(tinyPdf({ pages: [['Irigasi']] }))], { type: 'application/pdf' }), 'a.pdf')
  const created = await api('POST', '/api/admin/documents', { token: await adminToken(), form })
  if (created.status !== 201) throw new Error(created.text)
  documentSlug = created.body.data.slug
})

/** The ticket and code shown after sending, read as the villager reads them. */
async function shownTicket(page: Page) {
  const ticket = (await page.getByText(/^(ADU|ASP|PPID)-\d{4}-\d{4}$/).textContent())!.trim()
  const code = (await page.locator('dt:has-text("Kode Pelacakan") + dd').textContent())!.trim()
  return { ticket, code }
}

async function track(page: Page, ticket: string, code: string) {
  await page.goto(`/layanan/lacak?tiket=${ticket}`)
  expect(await page.getByLabel('Nomor Tiket').inputValue()).toBe(ticket)
  await page.getByLabel('Kode Pelacakan').fill(code)
  await page.getByRole('button', { name: 'Lacak', exact: true }).click()
  await page.getByRole('region', { name: 'Hasil pelacakan' }).waitFor()
  // Sent by POST: the code is in no address.
  expect(page.url()).not.toContain(code)
}

describe('a villager files a complaint on a phone, tracks it, and staff answer it', () => {
  it('files, sees the ticket and code once, tracks; staff answer; the villager reads the answer', async () => {
    const page = await newPage({ viewport: PHONE, isMobile: true })
    await page.goto('/layanan')
    await page.getByRole('heading', { level: 1, name: 'Layanan Pengaduan' }).waitFor()
    for (const kind of ['Pengaduan', 'Aspirasi', 'Permohonan Informasi'])
      await page.getByRole('radio', { name: kind, exact: true }).waitFor()
    await page.getByRole('radio', { name: 'Pengaduan', exact: true }).check()
    const subject = unique('Selokan tersumbat di RT 02 ')
    await page.getByLabel('Nama').fill('Pak Darto')
    await page.getByLabel('Nomor HP').fill('0813 2222 3333')
    await page.getByLabel('Judul').fill(subject)
    await page.getByLabel('Isi Laporan').fill('Air meluap ke jalan setiap hujan. <b>Mohon</b> dibersihkan.')
    await page.getByLabel('Foto (tidak wajib)').setInputFiles(PNG)
    await page.getByRole('button', { name: 'Kirim', exact: true }).click()
    await page.getByText('Simpan kode ini', { exact: false }).waitFor()
    const { ticket, code } = await shownTicket(page)
    expect(ticket).toMatch(/^ADU-/)
    expect(code.length).toBeGreaterThanOrEqual(10)
    const share = await page.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')
    expect(share).toMatch(/^https:\/\/wa\.me\/\?text=/)
    expect(decodeURIComponent(share!)).toContain(`/layanan/lacak?tiket=${ticket}`)
    expect(share).not.toContain(code)
    expect(await axe(page)).toEqual([])

    await track(page, ticket, code)
    const result = page.getByRole('region', { name: 'Hasil pelacakan' })
    await result.getByText('Baru', { exact: true }).waitFor()
    // The villager's markup is text.
    expect(await result.textContent()).toContain('<b>Mohon</b>')
    expect(await axe(page)).toEqual([])
    expect(page.errors).toEqual([])

    // Staff: the inbox, filtered, the report's screen, status and an answer.
    const staff = await loggedInPage()
    await staff.getByRole('link', { name: 'Laporan Warga', exact: true }).click()
    await staff.getByRole('heading', { name: 'Laporan Warga' }).waitFor()
    await staff.getByLabel('Kind').selectOption('pengaduan')
    await staff.getByLabel('Status').selectOption('baru')
    await staff.getByRole('button', { name: 'Filter', exact: true }).click()
    await staff.waitForURL(/kind=pengaduan/)
    await staff.getByRole('link', { name: ticket, exact: true }).click()
    await staff.getByText('Pak Darto').waitFor()
    await staff.getByText('0813 2222 3333').waitFor()
    await staff.getByRole('img', { name: `Foto laporan ${ticket}` }).waitFor()
    await staff.getByLabel('Status').selectOption('diproses')
    await staff.getByRole('button', { name: 'Save Status', exact: true }).click()
    await toast(staff, 'Report updated successfully!')
    await staff.getByLabel('New Response').fill('Petugas kebersihan datang hari Kamis.')
    await staff.getByRole('button', { name: 'Send Response', exact: true }).click()
    await toast(staff, 'Report updated successfully!')
    await staff.getByText('Petugas kebersihan datang hari Kamis.').waitFor()
    await staff.getByRole('switch', { name: 'Show on Public Page' }).click()
    await staff.getByText('Shown on the public page /layanan.').waitFor()
    expect(staff.errors).toEqual([])

    await track(page, ticket, code)
    await result.getByText('Diproses', { exact: true }).waitFor()
    await result.getByText('Petugas kebersihan datang hari Kamis.').waitFor()
    // Public now, without the villager's name or phone.
    await page.goto('/layanan')
    await page.getByText(subject).waitFor()
    const text = await page.locator('main').textContent()
    expect(text).not.toContain('Pak Darto')
    expect(text).not.toContain('0813 2222 3333')
  })

  it('shows a wrong code as not matching, without saying whether the ticket exists', async () => {
    const page = await newPage({ viewport: PHONE, isMobile: true })
    await page.goto('/layanan/lacak')
    await page.getByLabel('Nomor Tiket').fill('ADU-2026-0001')
    await page.getByLabel('Kode Pelacakan').fill('SALAHSALAH12')
    await page.getByRole('button', { name: 'Lacak', exact: true }).click()
    await page.getByRole('alert').filter({ hasText: 'Nomor tiket atau kode pelacakan tidak cocok.' }).waitFor()
  })
})

describe('documents in the browser', () => {
  it('staff upload an exempt document that no visitor can reach; staff can still download it', async () => {
    const staff = await loggedInPage()
    await staff.goto('/admin/documents')
    await staff.getByRole('link', { name: 'Add New Document', exact: true }).click()
    const title = unique('Data Pribadi Penerima Bantuan ')
    await staff.getByLabel('File (PDF)').setInputFiles({
      name: 'rahasia.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf({ pages: [['Rahasia']] }),
    })
    await staff.getByLabel('Title', { exact: true }).fill(title)
    await staff.getByLabel('Kind', { exact: true }).selectOption('keputusan_kepala_desa')
    await staff.getByLabel('Information Class', { exact: true }).selectOption('dikecualikan')
    await staff.getByRole('button', { name: 'Terbitkan', exact: true }).click()
    await toast(staff, 'Document created successfully!')
    const listed = await api('GET', `/api/admin/documents?search=${encodeURIComponent(title)}`, {
      token: await adminToken(),
    })
    const { slug } = listed.body.data.data[0]
    expect((await staff.request.get(`/dokumen/${slug}/unduh`)).status()).toBe(200)

    const visitor = await newPage()
    await visitor.goto('/dokumen')
    await visitor.getByRole('heading', { level: 1, name: 'Dokumen Desa' }).waitFor()
    expect(await visitor.locator('main').textContent()).not.toContain(title)
    const page = await visitor.goto(`/dokumen/${slug}`)
    expect(page!.status()).toBe(404)
    expect((await visitor.request.get(`/dokumen/${slug}/unduh`)).status()).toBe(404)
    await visitor.goto('/ppid')
    expect(await visitor.locator('main').textContent()).not.toContain(title)
  })

  it('lists, filters and opens a public document, with its preview and download', async () => {
    const page = await newPage({ viewport: PHONE, isMobile: true })
    await page.goto('/dokumen')
    await page.getByLabel('Jenis').selectOption('peraturan_desa')
    await page.getByRole('button', { name: 'Terapkan', exact: true }).click()
    await page.waitForURL(/kind=peraturan_desa/)
    await page.locator(`a[href="/dokumen/${documentSlug}"]`).click()
    await page.getByRole('img', { name: /^Halaman pertama/ }).waitFor()
    const download = await page.getByRole('link', { name: 'Unduh', exact: true }).getAttribute('href')
    expect(download).toBe(`/dokumen/${documentSlug}/unduh`)
    expect(page.errors).toEqual([])
  })
})

describe('axe finds no violation on the new public screens', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('on %s', async (_label, viewport) => {
    const page = await newPage({ viewport })
    for (const address of ['/dokumen', `/dokumen/${documentSlug}`, '/ppid', '/layanan', '/layanan/lacak']) {
      await page.goto(address)
      expect(await axe(page), address).toEqual([])
    }
  })
})
