import { describe, expect, it } from 'vitest'
import { tinyPdf } from '../../app/lib/tiny-pdf'
import { adminToken, api, clientAddress, unique } from '../support/api'
import { PHONE, useBrowser } from '../support/browser'
import { toast } from './admin-support'

/**
 * The public-information cycle in Chromium (issue 38, "Done when"): a villager's refused information request is
 * objected to from its tracking page and answered by staff in the reports' inbox, and the Daftar Informasi Publik,
 * the register and the annual report show it. Run on SQLite (e2e) and on PostgreSQL (e2e-pg).
 */

const { newPage, loggedInPage } = useBrowser()

describe('a refused request, its objection and the PPID lists', () => {
  it('walks from the refusal to the answered objection, then the DIP, register and report show it', async () => {
    const token = await adminToken()
    // What the village publishes: a document, which the DIP lists by itself.
    const form = new FormData()
    const documentTitle = unique('Peraturan Desa tentang Pasar ')
    form.set('title', documentTitle)
    form.set('kind', 'peraturan_desa')
    form.set('information_class', 'berkala')
    form.set('enacted_at', '2026-04-01')
    form.set('file', new Blob([new Uint8Array(tinyPdf({ pages: [['Pasar']] }))], { type: 'application/pdf' }), 'a.pdf')
    expect((await api('POST', '/api/admin/documents', { token, form })).status).toBe(201)

    // The villager asks for information.
    const filed = await api('POST', '/api/public/reports', {
      json: {
        kind: 'permohonan_informasi',
        name: 'Bu Narti',
        phone: '0813 4444 5555',
        subject: unique('Daftar penerima bantuan '),
        message: 'Mohon daftar penerima bantuan tahun ini.',
      },
      headers: { 'X-Forwarded-For': clientAddress() },
    })
    expect(filed.status).toBe(201)
    const { ticket, tracking_code: code } = filed.body.data

    // Staff refuse it, with its legal basis, on the report's screen.
    const staff = await loggedInPage()
    await staff.goto(`/admin/reports?search=${ticket}`)
    await staff.getByRole('link', { name: ticket, exact: true }).click()
    await staff.getByLabel('Keputusan').selectOption('ditolak')
    const basis = unique('UU 14/2008 Pasal 17 huruf h (data pribadi) ')
    await staff.getByLabel('Dasar hukum pengecualian').fill(basis)
    await staff.getByRole('button', { name: 'Simpan Keputusan', exact: true }).click()
    await toast(staff, 'Report updated successfully!')
    await staff.getByText(`Keputusan: Ditolak`, { exact: false }).waitFor()

    // The villager tracks it on a phone, sees the refusal and objects from there.
    const page = await newPage({ viewport: PHONE, isMobile: true })
    await page.goto(`/layanan/lacak?tiket=${ticket}`)
    await page.getByLabel('Kode Pelacakan').fill(code)
    await page.getByRole('button', { name: 'Lacak', exact: true }).click()
    const result = page.getByRole('region', { name: 'Hasil pelacakan' })
    await result.getByText('Keputusan: Ditolak').waitFor()
    await result.getByText(basis, { exact: false }).waitFor()
    await result.getByRole('link', { name: 'Ajukan Keberatan' }).click()
    await page.getByRole('heading', { level: 1, name: 'Pengajuan Keberatan' }).waitFor()
    expect(await page.getByLabel('Nomor tiket permohonan informasi (jika ada)').inputValue()).toBe(ticket)
    // The seven grounds of Pasal 35, explained.
    expect(await page.getByRole('radio').count()).toBe(7)
    await page.getByRole('radio', { name: /Permohonan informasi ditolak/ }).check()
    await page.getByLabel('Nama').fill('Bu Narti')
    await page.getByLabel('Nomor HP').fill('0813 4444 5555')
    await page.getByLabel('Uraian keberatan').fill('Saya hanya meminta jumlah penerima, bukan data pribadi.')
    await page.getByRole('button', { name: 'Kirim Keberatan', exact: true }).click()
    await page.getByText('Simpan kode ini.').waitFor()
    const objectionTicket = (await page.locator('strong.font-mono').first().textContent())!.trim()
    const objectionCode = (await page.locator('strong.font-mono').nth(1).textContent())!.trim()
    expect(objectionTicket).toMatch(/^KBR-\d{4}-\d{4}$/)
    expect(page.errors).toEqual([])

    // Staff find it in the reports' inbox by kind and answer it.
    await staff.goto('/admin/reports')
    await staff.getByLabel('Kind').selectOption('keberatan')
    await staff.getByRole('button', { name: 'Filter', exact: true }).click()
    await staff.waitForURL(/kind=keberatan/)
    await staff.getByRole('link', { name: objectionTicket, exact: true }).click()
    await staff.getByText('Alasan keberatan: Permohonan informasi ditolak').waitFor()
    await staff.getByLabel('New Response').fill('Jumlah penerima kami kirim lewat WhatsApp hari ini.')
    await staff.getByRole('button', { name: 'Send Response', exact: true }).click()
    await toast(staff, 'Report updated successfully!')
    expect(staff.errors).toEqual([])

    // The villager reads the answer with the KBR- ticket.
    await page.goto(`/layanan/lacak?tiket=${objectionTicket}`)
    await page.getByLabel('Kode Pelacakan').fill(objectionCode)
    await page.getByRole('button', { name: 'Lacak', exact: true }).click()
    await result.getByText('Jumlah penerima kami kirim lewat WhatsApp hari ini.').waitFor()

    // The DIP, the register and the report show it.
    await page.goto('/ppid')
    await page.locator('main').getByRole('link', { name: 'Daftar Informasi Publik', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Daftar Informasi Publik' }).waitFor()
    await page.goto('/ppid/daftar-informasi?year=2026')
    await page.getByRole('link', { name: documentTitle }).waitFor()
    const year = Number(ticket.slice(5, 9))
    // Staff add a manual DIP entry in the admin (PPID in the menu), and the public list shows it, as text.
    await staff.goto('/admin/dashboard')
    await staff.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'PPID' }).click()
    await staff
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Daftar Informasi Publik', exact: true })
      .click()
    await staff.getByRole('link', { name: 'Tambah Entri', exact: true }).click()
    const entryTitle = unique('Daftar Inventaris Aset <b>Desa</b> ')
    await staff.getByLabel('Judul').fill(entryTitle)
    await staff.getByLabel('Klasifikasi').selectOption('setiap_saat')
    await staff.getByLabel('Waktu Pembuatan').fill('2026-03-02')
    await staff.getByLabel('Bentuk Informasi').fill('Softcopy dan hardcopy')
    await staff.getByRole('button', { name: 'Simpan', exact: true }).click()
    await toast(staff, 'Entri ditambahkan')
    await staff.getByRole('link', { name: entryTitle.trim(), exact: true }).waitFor()
    await page.goto('/ppid/daftar-informasi?year=2026&print=1')
    await page.getByText(entryTitle.trim(), { exact: true }).waitFor()
    await page.getByRole('cell', { name: 'Softcopy dan hardcopy' }).first().waitFor()
    // The register of objections, with its CSV link and print view.
    await staff.getByRole('link', { name: 'Register PPID', exact: true }).click()
    await staff.getByLabel('Register').selectOption('keberatan')
    await staff.getByLabel('Tahun').selectOption(String(year))
    await staff.getByRole('button', { name: 'Tampilkan', exact: true }).click()
    await staff.getByRole('heading', { level: 1, name: `Register Keberatan ${year}` }).waitFor()
    await staff.getByRole('cell', { name: objectionTicket, exact: true }).waitFor()
    expect(await staff.getByRole('link', { name: 'Unduh CSV' }).getAttribute('href')).toBe(
      `/api/admin/ppid/register.csv?year=${year}&type=keberatan`,
    )
    await staff.getByRole('link', { name: 'Cetak', exact: true }).click()
    await staff.getByRole('cell', { name: objectionTicket, exact: true }).waitFor()
    expect(staff.errors).toEqual([])
    const register = await api('GET', `/api/admin/ppid/register?year=${year}&type=keberatan`, { token })
    expect(register.body.data.map((row: { ticket: string }) => row.ticket)).toContain(objectionTicket)
    await page.goto('/ppid')
    await page
      .locator('main')
      .getByRole('link', { name: `Laporan Layanan Informasi Publik ${year}`, exact: true })
      .click()
    await page.getByRole('heading', { level: 1, name: `Laporan Layanan Informasi Publik ${year}` }).waitFor()
    await page.getByRole('img', { name: `Permohonan informasi dan keberatan ${year}` }).waitFor()
    await page.getByRole('cell', { name: basis.trim() }).waitFor()
    expect(page.errors).toEqual([])
  })
})
