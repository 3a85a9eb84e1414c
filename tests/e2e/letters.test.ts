import fs from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { adminToken, api, unique } from '../support/api'
import { PHONE, useBrowser } from '../support/browser'
import { PNG } from './admin-support'

/**
 * Layanan Surat's "Done when" (issue 37), in Chromium, on SQLite (project e2e) and PostgreSQL (e2e-pg): a villager on
 * a phone asks for a letter, staff issue it, the villager downloads it, and a stranger verifies it by its code and by
 * uploading the PDF.
 */

const { newPage, loggedInPage } = useBrowser()

/** The staff's step, in the back office: the request's screen, `Terbitkan Surat`; the letter as the API gives it. */
async function staffIssue(page: Page, ticket: string) {
  const token = await adminToken()
  const list = await api('GET', `/api/admin/letter-requests?search=${ticket}`, { token })
  const id = list.body.data.data.find((row: { ticket: string }) => row.ticket === ticket).id
  await page.goto(`/admin/letter-requests/${id}`)
  await page.getByRole('heading', { level: 1, name: `Permohonan ${ticket}` }).waitFor()
  await page.getByRole('button', { name: 'Terbitkan Surat', exact: true }).click()
  const heading = page.getByRole('heading', { name: /^Surat \S+\/\d{4}$/ })
  const number = (await heading.textContent())!.trim().slice('Surat '.length)
  const letters = await api('GET', `/api/admin/letters?search=${encodeURIComponent(number)}`, { token })
  const letter = letters.body.data.data.find((row: { number: string }) => row.number === number)
  return letter as { number: string; verify_code: string }
}

async function verdict(page: Page) {
  const region = page.getByRole('region', { name: /Surat ini/ })
  await region.waitFor()
  return region
}

describe('a villager asks for a letter on a phone, staff issue it, the villager downloads it, a stranger checks it', () => {
  it('walks the whole way', async () => {
    const villager = await newPage({ viewport: PHONE, isMobile: true })
    await villager.goto('/layanan/surat')
    await villager.getByRole('heading', { level: 1, name: 'Layanan Surat' }).waitFor()
    await villager.getByRole('link', { name: 'Ajukan Surat Keterangan Domisili' }).click()
    await villager.getByRole('heading', { level: 1, name: 'Surat Keterangan Domisili' }).waitFor()
    const name = unique('Siti Rahmawati ')
    await villager.getByLabel('Nama', { exact: true }).fill(name)
    await villager.getByLabel('NIK', { exact: true }).fill('3203014508900002')
    await villager.getByLabel('Nomor HP').fill('0812 3456 7890')
    await villager.getByLabel('Tempat Lahir').fill('Cianjur')
    await villager.getByLabel('Tanggal Lahir').fill('1990-08-05')
    await villager.getByLabel('Jenis Kelamin').selectOption('Perempuan')
    await villager.getByLabel('Pekerjaan').fill('Petani')
    await villager.getByLabel('Alamat').fill('Kampung Babakan RT 002 RW 005')
    await villager.getByLabel('Keperluan', { exact: true }).fill('Pembukaan rekening bank')
    await villager.getByLabel('Lampiran').setInputFiles(PNG)
    await villager.getByRole('button', { name: 'Kirim Permohonan' }).click()

    await villager.getByRole('heading', { name: 'Permohonan Terkirim' }).waitFor()
    const ticket = (await villager.getByText(/^SRT-\d{4}-\d{4}$/).textContent())!.trim()
    const code = (await villager.locator('dt:has-text("Kode Pelacakan") + dd').textContent())!.trim()
    expect(code.length).toBeGreaterThanOrEqual(10)
    await villager.getByText(/Simpan kode ini/).waitFor()
    const share = await villager.getByRole('link', { name: 'Bagikan ke WhatsApp' }).getAttribute('href')
    expect(share).toMatch(/^https:\/\/wa\.me\/\?text=/)
    expect(decodeURIComponent(share!)).toContain(ticket)
    expect(decodeURIComponent(share!)).not.toContain(code)

    // Tracked before staff act: submitted, nothing to download.
    await villager.getByRole('link', { name: 'Lacak permohonan' }).click()
    expect(await villager.getByLabel('Nomor Tiket').inputValue()).toBe(ticket)
    await villager.getByLabel('Kode Pelacakan').fill(code)
    await villager.getByRole('button', { name: 'Lacak', exact: true }).click()
    const tracked = villager.getByRole('region', { name: 'Hasil pelacakan' })
    await tracked.getByText('Diajukan', { exact: true }).waitFor()
    expect(await villager.getByRole('link', { name: 'Unduh Surat' }).count()).toBe(0)
    expect(villager.url()).not.toContain(code)

    const letter = await staffIssue(await loggedInPage(), ticket)

    // The villager looks again and downloads the letter.
    await villager.getByRole('button', { name: 'Lacak', exact: true }).click()
    await tracked.getByText('Selesai', { exact: true }).waitFor()
    await tracked.getByText(letter.number).waitFor()
    const [download] = await Promise.all([
      villager.waitForEvent('download'),
      villager.getByRole('link', { name: 'Unduh Surat' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^surat-.+\.pdf$/)
    const pdf = fs.readFileSync((await download.path())!)
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')

    // A stranger (a bank clerk) checks it by the code printed on it, then by the file.
    const stranger = await newPage()
    await stranger.goto('/verifikasi')
    await stranger.getByRole('heading', { level: 1, name: 'Verifikasi Surat' }).waitFor()
    await stranger.getByLabel('Kode Verifikasi').fill(letter.verify_code)
    await stranger.getByRole('button', { name: 'Periksa Kode' }).click()
    await stranger.waitForURL(`**/verifikasi/${letter.verify_code}`)
    const byCode = await verdict(stranger)
    await byCode.getByRole('heading', { name: 'Surat ini asli' }).waitFor()
    for (const text of [letter.number, 'Surat Keterangan Domisili', name, '************0002'])
      await byCode.getByText(text, { exact: true }).waitFor()

    await stranger.goto('/verifikasi')
    await stranger
      .getByLabel('Berkas PDF Surat')
      .setInputFiles({ name: 'surat.pdf', mimeType: 'application/pdf', buffer: pdf })
    await stranger.getByRole('button', { name: 'Periksa Berkas' }).click()
    const byFile = await verdict(stranger)
    await byFile.getByRole('heading', { name: 'Surat ini asli' }).waitFor()
    await byFile.getByText(letter.number, { exact: true }).waitFor()

    // A changed file is no letter of the village's.
    const forged = Buffer.from(pdf)
    forged[forged.length - 20] ^= 1
    await stranger
      .getByLabel('Berkas PDF Surat')
      .setInputFiles({ name: 'surat.pdf', mimeType: 'application/pdf', buffer: forged })
    await stranger.getByRole('button', { name: 'Periksa Berkas' }).click()
    await stranger
      .getByRole('alert')
      .getByText(/Surat tidak ditemukan/)
      .waitFor()
  })
})
