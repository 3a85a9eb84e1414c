import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DESKTOP, launchBrowser, watchErrors, type WatchedPage } from '../support/browser'
import { seriousViolations } from '../support/axe'
import { onPostgres, startServer, type TestServer } from '../support/server'
import { toast, typeRichText } from './admin-support'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 })

/**
 * The regency's console in Chromium (docs/api.md "Many villages in one install": `/admin` at the regency host), on a
 * server of its own with REGENCY_HOST=localhost: Chromium sends `localhost` and every `{slug}.localhost` to the
 * loopback address by itself, so each village is reached at its own host as a visitor would. The steps build on each
 * other: the villages made by one are used by the next.
 */

const REGENCY = 'localhost'
const VILLAGE_PASSWORD = 'sandi-sukamaju-2026'
const POST_TITLE = 'Musyawarah Desa Sukamaju'

let server: TestServer
let browser: Browser
/** The regency's admin, logged in to the console. */
let regency: WatchedPage
let resetLink = ''

const regencyUrl = (address = '') => `http://${REGENCY}:${server.port}${address}`
const villageUrl = (slug: string, address = '') => `http://${slug}.${REGENCY}:${server.port}${address}`

async function newPage(): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'id-ID', timezoneId: 'Asia/Jakarta' })
  return watchErrors(await context.newPage())
}

async function login(page: WatchedPage, origin: string, username: string, password: string) {
  await page.goto(`${origin}/login`)
  await page.getByLabel('Username', { exact: true }).fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

/** The console's table row of a village, found by its name. */
const villageRow = (name: string): Locator =>
  regency.getByRole('region', { name: 'Daftar desa' }).getByRole('row').filter({ hasText: name })

async function cellsOf(name: string) {
  await villageRow(name).first().waitFor()
  return (await villageRow(name).getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())
}

/** What went wrong on the console's page so far, but the 422 a refused form answers by design. */
const problems = async () =>
  (await regency.settled()).filter((error) => !/status of 422 \/admin\/desa\/[\w-]+\.data$/.test(error))

async function openList() {
  await regency.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Desa' }).click()
  await regency.waitForURL((url) => url.pathname === '/admin/desa')
}

/** A new village through the console's form; resolves with the reset link it shows once. */
async function createThroughForm(slug: string, name: string, domains = '') {
  await regency.goto(regencyUrl('/admin/desa/create'))
  await regency.getByLabel('Slug', { exact: true }).fill(slug)
  await regency.getByLabel('Nama Desa', { exact: true }).fill(name)
  await regency.getByLabel('Domain tambahan', { exact: true }).fill(domains)
  await regency.getByRole('button', { name: 'Simpan', exact: true }).click()
  const field = regency.getByLabel('Tautan reset password admin desa', { exact: true })
  await field.waitFor()
  await toast(regency, `${name} berhasil dibuat.`)
  return field.inputValue()
}

/** A row's action that asks first (Nonaktifkan, Aktifkan, Hapus), confirmed, and its toast. */
async function confirmRowAction(action: string, name: string, confirm: string, message: string) {
  await regency.getByRole('button', { name: `${action} ${name}`, exact: true }).click()
  const dialog = regency.getByRole('alertdialog')
  await dialog.waitFor()
  await dialog.getByRole('button', { name: confirm, exact: true }).click()
  await toast(regency, message)
}

describe.skipIf(onPostgres())('the regency console', () => {
  beforeAll(async () => {
    server = await startServer({ env: { REGENCY_HOST: REGENCY, TRUST_PROXY: '0', SITE_URL: undefined } })
    browser = await launchBrowser()
    regency = await newPage()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  it('signs the regency in to its console, which warns of the default password', async () => {
    await login(regency, regencyUrl(), 'kabupaten', 'password')
    await regency.waitForURL((url) => url.pathname === '/admin/desa')
    await expect.poll(() => regency.title()).toBe('Desa - Pemerintah Kabupaten')
    const warning = regency.getByRole('alert').filter({ hasText: 'default password' })
    await expect(warning.textContent()).resolves.toContain('"kabupaten"')
    expect(await warning.getByRole('link', { name: 'Akun Saya' }).getAttribute('href')).toBe('/admin/account')
    // The console's menu, not a village's.
    const menu = regency.getByRole('navigation', { name: 'Admin', exact: true })
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Desa',
      'Ringkasan',
      'Pengguna',
      'Pengumuman',
      'Log Aktivitas',
    ])
    for (const address of ['/admin', '/admin/dashboard']) {
      await regency.goto(regencyUrl(address))
      await regency.waitForURL((url) => url.pathname === '/admin/desa')
    }
    await regency.getByRole('cell', { name: 'Belum ada desa' }).waitFor()
    expect(await problems()).toEqual([])
  })

  it("creates a village through the form, field errors shown, and hands over its admin's reset link once", async () => {
    await regency.getByRole('link', { name: 'Tambah Desa' }).click()
    await regency.waitForURL('**/admin/desa/create')
    expect(await seriousViolations(regency)).toEqual([])
    await regency.getByLabel('Slug', { exact: true }).fill('Desa Baru')
    await regency.getByLabel('Domain tambahan', { exact: true }).fill('pasar.localhost')
    await regency.getByRole('button', { name: 'Simpan', exact: true }).click()
    await regency.getByText('Slug may only hold a-z, 0-9 and -').waitFor()
    await regency.getByText('Name is required').waitFor()
    await regency.getByText("Domains: pasar.localhost is an address of the regency's own").waitFor()
    expect(await regency.getByLabel('Slug', { exact: true }).getAttribute('aria-invalid')).toBe('true')

    await regency.getByLabel('Slug', { exact: true }).fill('sukamaju')
    await regency.getByLabel('Nama Desa', { exact: true }).fill('Desa Sukamaju')
    await regency.getByLabel('Domain tambahan', { exact: true }).fill('sukamaju.desa.id')
    await regency.getByRole('button', { name: 'Simpan', exact: true }).click()
    const field = regency.getByLabel('Tautan reset password admin desa', { exact: true })
    await field.waitFor()
    await toast(regency, 'Desa Sukamaju berhasil dibuat.')
    resetLink = await field.inputValue()
    expect(resetLink).toMatch(new RegExp(`^http://sukamaju\\.localhost:${server.port}/reset-password/[\\w-]{43}$`))
    await regency.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: regencyUrl() })
    await regency.getByRole('button', { name: 'Salin', exact: true }).click()
    await regency.getByRole('button', { name: 'Tersalin', exact: true }).waitFor()
    expect(await regency.evaluate(() => navigator.clipboard.readText())).toBe(resetLink)
    // Shown once: the form again holds no link.
    await regency.getByRole('link', { name: 'Tambah desa lain' }).click()
    await regency.getByLabel('Slug', { exact: true }).waitFor()
    expect(await regency.getByLabel('Tautan reset password admin desa').count()).toBe(0)
    expect(await problems()).toEqual([])
  })

  it("lets the village's admin take the link over; a village's session cannot open the console", async () => {
    const admin = await newPage()
    await admin.goto(resetLink)
    await admin.getByLabel('Password Baru', { exact: true }).fill(VILLAGE_PASSWORD)
    await admin.getByLabel('Ulangi Password Baru', { exact: true }).fill(VILLAGE_PASSWORD)
    await admin.getByRole('button', { name: 'Simpan Password Baru', exact: true }).click()
    await admin.getByRole('heading', { name: 'Password Diperbarui' }).waitFor()
    await login(admin, villageUrl('sukamaju'), 'admin', VILLAGE_PASSWORD)
    await admin.waitForURL('**/admin/dashboard')
    expect(await admin.getByRole('navigation', { name: 'Admin', exact: true }).textContent()).not.toContain('Desa')
    for (const address of ['/admin/desa', '/admin/desa/create', '/admin/desa/import']) {
      const answer = await admin.goto(villageUrl('sukamaju', address))
      expect(answer?.status(), address).toBe(404)
    }
    // A post through the village's own API (its admin's token): the console's figures follow.
    const status = await admin.evaluate(
      async ({ password, title }) => {
        const json = { 'Content-Type': 'application/json', Accept: 'application/json' }
        const signIn = await fetch('/api/login', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ username: 'admin', password }),
        })
        const headers = { ...json, Authorization: `Bearer ${(await signIn.json()).data.token}` }
        const category = await fetch('/api/admin/categories', {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: 'Kabar Desa' }),
        })
        const post = await fetch('/api/admin/posts', {
          method: 'POST',
          headers,
          body: JSON.stringify({ title, content: `<p>${title}</p>`, category_id: (await category.json()).data.id }),
        })
        return post.status
      },
      { password: VILLAGE_PASSWORD, title: POST_TITLE },
    )
    expect(status).toBe(201)
    await admin.context().close()
  })

  it('lists the villages with their figures, the stale ones marked, searched and 10 a page', async () => {
    await createThroughForm('mekarsari', 'Desa Mekarsari')
    await openList()
    const sukamaju = await cellsOf('Desa Sukamaju')
    expect(sukamaju.slice(0, 7)).toEqual([
      `Desa Sukamaju sukamaju.localhost:${server.port}`,
      'sukamaju.desa.id',
      'Aktif',
      expect.not.stringMatching(/Belum pernah|Tidak diperbarui/),
      '1',
      '-',
      '0',
    ])
    expect(
      await villageRow('Desa Sukamaju')
        .getByRole('link', { name: /^sukamaju\./ })
        .getAttribute('href'),
    ).toBe(villageUrl('sukamaju', '/'))
    expect((await cellsOf('Desa Mekarsari')).slice(2, 5)).toEqual(['Aktif', 'Belum pernah Tidak diperbarui', '0'])
    expect(await regency.getByText('tidak menerbitkan berita dalam 90 hari terakhir').count()).toBe(1)
    expect(await seriousViolations(regency)).toEqual([])

    // Search on name, slug and domains.
    const box = regency.getByRole('searchbox', { name: 'Search' })
    await box.fill('desa.id')
    await box.press('Enter')
    await regency.waitForURL((url) => url.searchParams.get('search') === 'desa.id')
    // The header's row and one village's.
    await expect.poll(() => regency.getByRole('region', { name: 'Daftar desa' }).getByRole('row').count()).toBe(2)
    expect(await villageRow('Desa Sukamaju').count()).toBe(1)

    // Paging: 10 a page. Ten more villages through the regency's API, in the console's own session.
    const made = await regency.evaluate(async () => {
      const json = { 'Content-Type': 'application/json', Accept: 'application/json' }
      const signIn = await fetch('/api/login', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: 'kabupaten', password: 'password' }),
      })
      const headers = { ...json, Authorization: `Bearer ${(await signIn.json()).data.token}` }
      const statuses: number[] = []
      for (let n = 1; n <= 10; n++) {
        const answer = await fetch('/api/regency/villages', {
          method: 'POST',
          headers,
          body: JSON.stringify({ slug: `uji-${n}`, name: `Desa Uji ${String(n).padStart(2, '0')}` }),
        })
        statuses.push(answer.status)
      }
      return statuses
    })
    expect(made).toEqual(Array(10).fill(201))
    await regency.goto(regencyUrl('/admin/desa'))
    await regency.getByText('12 desa').waitFor()
    expect(await regency.getByRole('region', { name: 'Daftar desa' }).getByRole('row').count()).toBe(11)
    await regency.getByRole('link', { name: 'Page 2', exact: true }).click()
    await regency.waitForURL((url) => url.searchParams.get('page') === '2')
    await expect.poll(() => regency.getByRole('region', { name: 'Daftar desa' }).getByRole('row').count()).toBe(3)
    expect(await problems()).toEqual([])
  })

  it("edits a village's domains, with the model's refusals under the field", async () => {
    await regency.goto(regencyUrl('/admin/desa?search=Mekarsari'))
    await regency.getByRole('link', { name: 'Edit Desa Mekarsari' }).click()
    await regency.waitForURL(/\/admin\/desa\/[0-9a-f]{16}$/)
    await expect.poll(() => regency.title()).toBe('Edit Desa - Pemerintah Kabupaten')
    expect(await seriousViolations(regency)).toEqual([])
    await regency.getByLabel('Domain tambahan', { exact: true }).fill('sukamaju.desa.id')
    await regency.getByRole('button', { name: 'Perbarui', exact: true }).click()
    await regency.getByText('Domains: sukamaju.desa.id already exists').waitFor()

    await regency.goto(regencyUrl('/admin/desa?search=Sukamaju'))
    await regency.getByRole('link', { name: 'Edit Desa Sukamaju' }).click()
    await regency.waitForURL(/\/admin\/desa\/[0-9a-f]{16}$/)
    expect(await regency.getByLabel('Domain tambahan', { exact: true }).inputValue()).toBe('sukamaju.desa.id')
    await regency.getByLabel('Domain tambahan', { exact: true }).fill('sukamaju.desa.id\nwww.sukamaju.desa.id')
    await regency.getByRole('button', { name: 'Perbarui', exact: true }).click()
    await toast(regency, 'Desa Sukamaju berhasil diperbarui.')
    await regency.waitForURL((url) => url.pathname === '/admin/desa')
    expect((await cellsOf('Desa Sukamaju'))[1]).toBe('sukamaju.desa.id www.sukamaju.desa.id')
    expect(await problems()).toEqual([])
  })

  it('suspends a village, whose host then answers 503 with its data kept, and resumes it', async () => {
    await regency.goto(regencyUrl('/admin/desa?search=Mekarsari'))
    expect(await regency.getByRole('button', { name: 'Hapus Desa Mekarsari' }).count()).toBe(0)
    await confirmRowAction('Nonaktifkan', 'Desa Mekarsari', 'Ya, nonaktifkan', 'Desa Mekarsari dinonaktifkan.')
    await expect.poll(async () => (await cellsOf('Desa Mekarsari'))[2]).toBe('Dinonaktifkan')
    expect(new URL(regency.url()).searchParams.get('search')).toBe('Mekarsari')

    const visitor = await newPage()
    const closed = await visitor.goto(villageUrl('mekarsari', '/'))
    expect(closed?.status()).toBe(503)
    expect(await visitor.textContent('body')).toContain('Situs desa ini sedang dinonaktifkan.')

    await confirmRowAction('Aktifkan', 'Desa Mekarsari', 'Ya, aktifkan', 'Desa Mekarsari diaktifkan kembali.')
    await expect.poll(async () => (await cellsOf('Desa Mekarsari'))[2]).toBe('Aktif')
    expect((await visitor.goto(villageUrl('mekarsari', '/')))?.status()).toBe(200)
    await visitor.context().close()
    expect(await problems()).toEqual([])
  })

  it("publishes a regency announcement through the console, shown on a village's site", async () => {
    const title = 'Vaksinasi Ternak Se-Kabupaten'
    const menu = regency.getByRole('navigation', { name: 'Admin', exact: true })
    await menu.getByRole('link', { name: 'Pengumuman', exact: true }).click()
    await regency.waitForURL('**/admin/announcements')
    await regency.getByRole('link', { name: 'Add New Announcement' }).click()
    await regency.waitForURL('**/admin/announcements/create')
    await regency.getByLabel('Title', { exact: true }).fill(title)
    // Started yesterday, in the village's time zone (the form's wall clock).
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000 + 7 * 3600 * 1000).toISOString().slice(0, 16)
    await regency.getByLabel(/^Starts At/).fill(yesterday)
    await typeRichText(regency, 'Content', 'Bawa ternak ke balai desa masing-masing.')
    await regency.getByRole('button', { name: 'Save', exact: true }).click()
    await toast(regency, 'Announcement created successfully!')

    const visitor = await newPage()
    await visitor.goto(villageUrl('sukamaju', '/'))
    const link = visitor.getByRole('link', { name: title, exact: true }).first()
    expect(await link.getAttribute('href')).toMatch(/^\/pengumuman\/kabupaten\/\d+$/)
    await link.click()
    await visitor.waitForURL(/\/pengumuman\/kabupaten\/\d+$/)
    await visitor.getByRole('heading', { name: title }).waitFor()
    expect(await visitor.locator('article').first().textContent()).toContain('Pemerintah Kabupaten')
    await visitor.context().close()
    expect(await problems()).toEqual([])
  })

  it('exports a village as a file and imports that file as a new village', async () => {
    await regency.goto(regencyUrl('/admin/desa?search=Sukamaju'))
    const [download] = await Promise.all([
      regency.waitForEvent('download'),
      regency.getByRole('link', { name: 'Ekspor Desa Sukamaju' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^balai-desa-sukamaju-\d{8}\.tar\.gz$/)
    const archive = path.join(server.dir, download.suggestedFilename())
    await download.saveAs(archive)
    expect(fs.statSync(archive).size).toBeGreaterThan(1000)

    await regency.getByRole('link', { name: 'Impor Desa' }).click()
    await regency.waitForURL('**/admin/desa/import')
    expect(await seriousViolations(regency)).toEqual([])
    await regency.getByLabel('Slug', { exact: true }).fill('sukamaju-lama')
    await regency.getByLabel('Nama Desa', { exact: true }).fill('Desa Sukamaju Lama')
    const file = regency.getByLabel(/^Berkas cadangan/)
    await file.setInputFiles({ name: 'bukan.tar.gz', mimeType: 'application/gzip', buffer: Buffer.from('bukan arsip') })
    await regency.getByRole('button', { name: 'Impor', exact: true }).click()
    await regency.getByText(/^File is not a Balai Desa backup/).waitFor()

    await file.setInputFiles(archive)
    await regency.getByRole('button', { name: 'Impor', exact: true }).click()
    await toast(regency, 'Desa Sukamaju Lama berhasil diimpor.')
    await regency.waitForURL((url) => url.pathname === '/admin/desa')
    expect((await cellsOf('Desa Sukamaju Lama')).slice(0, 5)).toEqual([
      `Desa Sukamaju Lama sukamaju-lama.localhost:${server.port}`,
      '-',
      'Aktif',
      expect.not.stringMatching(/Belum pernah/),
      '1',
    ])
    // The imported village is whole: its post, and its admin with the same password.
    const admin = await newPage()
    await admin.goto(villageUrl('sukamaju-lama', '/posts'))
    await admin.getByRole('link', { name: POST_TITLE }).first().waitFor()
    await login(admin, villageUrl('sukamaju-lama'), 'admin', VILLAGE_PASSWORD)
    await admin.waitForURL('**/admin/dashboard')
    await admin.context().close()
    expect(await problems()).toEqual([])
  })

  it('deletes a suspended village only, with everything it holds', async () => {
    await regency.goto(regencyUrl('/admin/desa?search=Mekarsari'))
    await confirmRowAction('Nonaktifkan', 'Desa Mekarsari', 'Ya, nonaktifkan', 'Desa Mekarsari dinonaktifkan.')
    await regency.getByRole('button', { name: 'Hapus Desa Mekarsari', exact: true }).click()
    const dialog = regency.getByRole('alertdialog')
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('tidak dapat dibatalkan')
    await dialog.getByRole('button', { name: 'Ya, hapus', exact: true }).click()
    await toast(regency, 'Desa Mekarsari berhasil dihapus.')
    await regency.getByRole('cell', { name: 'Belum ada desa' }).waitFor()
    const visitor = await newPage()
    expect((await visitor.goto(villageUrl('mekarsari', '/')))?.status()).toBe(404)
    await visitor.context().close()
    expect(await problems()).toEqual([])
  })

  it("shows the regency's own actions in its activity log", async () => {
    const menu = regency.getByRole('navigation', { name: 'Admin', exact: true })
    await menu.getByRole('link', { name: 'Log Aktivitas', exact: true }).click()
    await regency.waitForURL('**/admin/activities')
    /** The log searched for `search` shows `expected`: newest first, each entry as `Aksi | Data`. */
    const expectEntries = async (search: string, expected: unknown[]) => {
      await regency.getByLabel('Cari', { exact: true }).fill(search)
      await regency.getByRole('button', { name: 'Terapkan', exact: true }).click()
      await regency.waitForURL((url) => url.searchParams.get('search') === search)
      const rows = regency.getByRole('region', { name: 'Log Aktivitas' }).getByRole('row')
      await expect
        .poll(() =>
          rows.evaluateAll((list) =>
            list.slice(1).map((row) => {
              const cells = [...row.querySelectorAll('td')].map((cell) => cell.innerText.replace(/\s+/g, ' ').trim())
              return cells.length < 4 ? cells.join(' ') : `${cells[2]} | ${cells[3]}`
            }),
          ),
        )
        .toEqual(expected)
    }
    await expectEntries('Mekarsari', [
      'Menghapus | Desa Desa Mekarsari (mekarsari)',
      'Mengubah | Desa Desa Mekarsari (mekarsari)',
      'Mengubah | Desa Desa Mekarsari (mekarsari)',
      'Mengubah | Desa Desa Mekarsari (mekarsari)',
      'Membuat | Desa Desa Mekarsari (mekarsari)',
    ])
    await expectEntries('Sukamaju', [
      'Membuat | Desa Desa Sukamaju Lama (sukamaju-lama)',
      'Mengubah | Desa Desa Sukamaju (sukamaju)',
      'Membuat | Desa Desa Sukamaju (sukamaju)',
    ])
    // Those of the regency's API are logged alike.
    await expectEntries('Desa Uji 01', ['Membuat | Desa Desa Uji 01 (uji-1)'])
    await expectEntries('Vaksinasi', [
      expect.stringMatching(/^Membuat \| Pengumuman #\d+ Vaksinasi Ternak Se-Kabupaten$/),
    ])
    // What the update changed.
    await regency.getByLabel('Cari', { exact: true }).fill('Desa Sukamaju (sukamaju)')
    await regency.getByLabel('Aksi', { exact: true }).selectOption('update')
    await regency.getByRole('button', { name: 'Terapkan', exact: true }).click()
    await regency.waitForURL((url) => url.searchParams.get('action') === 'update')
    await regency.getByRole('cell', { name: 'domains', exact: true }).waitFor()
    expect(await problems()).toEqual([])
  })

  it('stops the warning once the seeded password is changed', async () => {
    await regency.getByRole('link', { name: 'Akun Saya' }).first().click()
    await regency.waitForURL('**/admin/account')
    await regency.getByLabel('Password Saat Ini', { exact: true }).fill('password')
    await regency.getByLabel('Password Baru', { exact: true }).fill('sandi-kabupaten-2026')
    await regency.getByLabel('Ulangi Password Baru', { exact: true }).fill('sandi-kabupaten-2026')
    await regency.getByRole('button', { name: 'Ganti Password', exact: true }).click()
    await toast(regency, 'Password berhasil diganti. Perangkat lain telah dikeluarkan.')
    await regency.goto(regencyUrl('/admin/desa'))
    await regency.getByRole('heading', { name: 'Desa', exact: true }).waitFor()
    expect(await regency.getByRole('alert').filter({ hasText: 'default password' }).count()).toBe(0)
    expect(await problems()).toEqual([])
  })
})
