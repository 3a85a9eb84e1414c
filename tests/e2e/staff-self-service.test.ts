import fs from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, expectSuccess, unique, userWithPermissions } from '../support/api'
import { useBrowser, watchErrors } from '../support/browser'
import { startServer, type TestServer } from '../support/server'
import { totp } from '../support/totp'
import { toast } from './admin-support'

/** Issue 11 as staff meet it in the browser: settings, own account, two-factor login, reset links, activity log. */

const { newPage, loggedInPage, browser } = useBrowser()

async function loginThroughForm(page: Page, username: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Username', { exact: true }).fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click()
  await page.getByRole('button', { name: 'Keluar', exact: true }).click()
  await page.waitForURL('**/login')
}

describe('Pengaturan Situs (a server of its own: the village is renamed)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: 'false' } })
  })
  afterAll(async () => {
    await server?.stop()
    if (server) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  it('renames the village: the header, the title and the RSS feed show the new name at once', async () => {
    const options = { baseURL: server.url, viewport: { width: 1280, height: 900 }, locale: 'id-ID' }
    const context = await browser().newContext(options)
    // A visitor without a cookie gets what the response cache holds: it must not be the old name.
    const anonymous = await browser().newContext(options)
    try {
      const before = watchErrors(await anonymous.newPage())
      await before.goto('/')
      expect(await before.title()).toBe('Selamat Datang - Desa Uji Coba')
      const page = watchErrors(await context.newPage())
      await loginThroughForm(page, 'admin', 'password')
      await page.waitForURL('**/admin/dashboard')
      // From the user menu's 'Pengaturan' item.
      await page.getByRole('button', { name: 'User menu' }).click()
      await page.getByRole('link', { name: 'Pengaturan', exact: true }).click()
      await page.waitForURL('**/admin/settings')
      await expect.poll(() => page.title()).toBe('Pengaturan Situs - Desa Uji Coba')
      expect(await page.getByLabel('Nama Desa', { exact: true }).inputValue()).toBe('Desa Uji Coba')

      await page.getByLabel('Facebook', { exact: true }).fill('facebook.com/desa')
      await page.getByRole('button', { name: 'Simpan', exact: true }).click()
      await page.getByText('Facebook must be an https:// address').waitFor()

      await page.getByLabel('Nama Desa', { exact: true }).fill('Desa Sumber Rejeki')
      await page.getByLabel('Tagline', { exact: true }).fill('Gotong royong membangun desa')
      await page.getByLabel('Facebook', { exact: true }).fill('https://facebook.com/sumberrejeki')
      await page.getByRole('button', { name: 'Simpan', exact: true }).click()
      await toast(page, 'Pengaturan situs berhasil disimpan.')
      // The back office itself uses the new name from the next screen on.
      await expect.poll(() => page.title()).toBe('Pengaturan Situs - Desa Sumber Rejeki')

      const visitor = watchErrors(await anonymous.newPage())
      await visitor.goto('/')
      expect(await visitor.title()).toBe('Selamat Datang - Desa Sumber Rejeki')
      const header = visitor.getByRole('banner')
      await header.getByRole('link', { name: /Desa Sumber Rejeki/ }).waitFor()
      await header.getByText('Gotong royong membangun desa').waitFor()
      const footer = visitor.getByRole('contentinfo')
      expect(await footer.getByRole('link', { name: 'Facebook', exact: true }).getAttribute('href')).toBe(
        'https://facebook.com/sumberrejeki',
      )
      // Only the links that were set are shown.
      expect(await footer.getByRole('link', { name: 'Instagram', exact: true }).count()).toBe(0)
      const rss = await (await fetch(`${server.url}/rss.xml`)).text()
      expect(rss).toContain('<title>Berita - Desa Sumber Rejeki</title>')
      // The refused save (422) is expected.
      expect((await page.settled()).filter((error) => !/status of 422 \/admin\/settings/.test(error))).toEqual([])
      expect(await visitor.settled()).toEqual([])
    } finally {
      await context.close()
      await anonymous.close()
    }
  })
})

describe('Akun Saya', () => {
  it('changes the own password and stays logged in, while another device is logged out', async () => {
    const { username } = await userWithPermissions([])
    const laptop = await loggedInPage(username, 'password123')
    const phone = await loggedInPage(username, 'password123')
    await laptop.getByRole('button', { name: 'User menu' }).click()
    await laptop.getByRole('link', { name: 'Akun Saya', exact: true }).click()
    await laptop.waitForURL('**/admin/account')
    await expect.poll(() => laptop.title()).toBe('Akun Saya - Desa Uji Coba')
    // Every device is listed (the phone, and the API login that made the user); this one is marked.
    await laptop.getByText('Perangkat ini', { exact: true }).waitFor()
    const others = laptop.getByRole('button', { name: /^Keluarkan .*masuk/ })
    expect(await others.count()).toBe(2)

    await laptop.getByLabel('Password Saat Ini', { exact: true }).fill('wrong-password')
    await laptop.getByLabel('Password Baru', { exact: true }).fill('ganti-password-1')
    await laptop.getByLabel('Ulangi Password Baru', { exact: true }).fill('ganti-password-1')
    await laptop.getByRole('button', { name: 'Ganti Password', exact: true }).click()
    await laptop.getByText('Current_password is wrong').waitFor()

    await laptop.getByLabel('Password Saat Ini', { exact: true }).fill('password123')
    await laptop.getByLabel('Password Baru', { exact: true }).fill('ganti-password-1')
    await laptop.getByLabel('Ulangi Password Baru', { exact: true }).fill('ganti-password-1')
    await laptop.getByRole('button', { name: 'Ganti Password', exact: true }).click()
    await toast(laptop, 'Password berhasil diganti. Perangkat lain telah dikeluarkan.')
    // The other device is gone from the list, and out on its next screen; this one stays in.
    await expect.poll(() => others.count()).toBe(0)
    await laptop.goto('/admin/dashboard')
    await laptop.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor()
    await phone.goto('/admin/dashboard')
    await phone.waitForURL(/\/login/)
    // The wrong current password was answered with 422, as expected.
    expect((await laptop.settled()).filter((error) => !/status of 422 \/admin\/account/.test(error))).toEqual([])
  })
})

describe('two-factor login', () => {
  it('turns on with a QR code, then asks for a code at login; a recovery code works once', async () => {
    const { username } = await userWithPermissions([])
    const page = await loggedInPage(username, 'password123')
    await page.goto('/admin/account')
    await page.getByRole('button', { name: 'Aktifkan Verifikasi Dua Langkah', exact: true }).click()
    const qr = page.getByRole('img', { name: 'Kode QR untuk aplikasi autentikator' })
    await qr.waitFor()
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)
    const secret = (await page.getByText(/^[A-Z2-7]{32}$/).textContent())!.trim()
    const enabledAt = Date.now()
    await page.getByLabel('Kode dari aplikasi', { exact: true }).fill(totp(secret, enabledAt))
    await page.getByRole('button', { name: 'Aktifkan', exact: true }).click()
    await toast(page, 'Verifikasi dua langkah aktif.')
    const codes = (
      await page.getByRole('list', { name: 'Kode pemulihan' }).getByRole('listitem').allTextContents()
    ).map((code) => code.trim())
    expect(codes).toHaveLength(10)
    await logOut(page)

    // The password alone is not enough any more: a second step asks for the code.
    await loginThroughForm(page, username, 'password123')
    await page.getByRole('heading', { name: 'Verifikasi Dua Langkah' }).waitFor()
    await page.getByLabel('Kode verifikasi', { exact: true }).fill('000000' === totp(secret) ? '111111' : '000000')
    await page.getByRole('button', { name: 'Verifikasi', exact: true }).click()
    await page.getByText('Kode verifikasi salah atau sudah dipakai.').waitFor()
    // A code of a later step than the one used to turn it on (the next step is within the allowed drift).
    await page
      .getByLabel('Kode verifikasi', { exact: true })
      .fill(totp(secret, Math.max(Date.now(), (Math.floor(enabledAt / 30_000) + 1) * 30_000)))
    await page.getByRole('button', { name: 'Verifikasi', exact: true }).click()
    await page.waitForURL('**/admin/dashboard')
    await logOut(page)

    for (const attempt of ['first', 'second']) {
      await loginThroughForm(page, username, 'password123')
      await page.getByLabel('Kode verifikasi', { exact: true }).fill(codes[0])
      await page.getByRole('button', { name: 'Verifikasi', exact: true }).click()
      if (attempt === 'first') {
        await page.waitForURL('**/admin/dashboard')
        await logOut(page)
      } else {
        await page.getByText('Kode verifikasi salah atau sudah dipakai.').waitFor()
        expect(new URL(page.url()).pathname).toBe('/login')
      }
    }
    const unexpected = (await page.settled()).filter((error) => !/status of 401/.test(error))
    expect(unexpected).toEqual([])
  })
})

describe('password reset link', () => {
  it("is made on the user's edit screen, shown once, and sets a new password", async () => {
    const { userId, username } = await userWithPermissions([])
    const admin = await loggedInPage()
    await admin.goto(`/admin/users/edit/${userId}`)
    await admin.getByRole('button', { name: 'Buat Tautan Reset Password', exact: true }).click()
    const field = admin.getByLabel('Tautan reset password', { exact: true })
    await field.waitFor()
    const link = await field.inputValue()
    expect(link).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/)

    const page = await newPage()
    await page.goto(new URL(link).pathname)
    await expect.poll(() => page.title()).toBe('Buat Password Baru - Desa Uji Coba')
    await page.getByLabel('Password Baru', { exact: true }).fill('dari-tautan-1')
    await page.getByLabel('Ulangi Password Baru', { exact: true }).fill('beda-sendiri')
    await page.getByRole('button', { name: 'Simpan Password Baru', exact: true }).click()
    await page.getByText('Password_confirmation does not match the password').waitFor()
    await page.getByLabel('Ulangi Password Baru', { exact: true }).fill('dari-tautan-1')
    await page.getByRole('button', { name: 'Simpan Password Baru', exact: true }).click()
    await page.getByRole('heading', { name: 'Password Diperbarui' }).waitFor()
    await page.getByRole('link', { name: 'Login', exact: true }).click()
    await loginThroughForm(page, username, 'dari-tautan-1')
    await page.waitForURL('**/admin/dashboard')

    // Spent: the same link now says so.
    const again = await newPage()
    await again.goto(new URL(link).pathname)
    await again.getByRole('heading', { name: 'Tautan Tidak Berlaku' }).waitFor()
    expect(await admin.settled()).toEqual([])
  })
})

describe('Log Aktivitas', () => {
  it('shows an edit made in the back office with the fields it changed', async () => {
    const name = unique('Kategori Diubah ')
    const category = expectSuccess(
      await api('POST', '/api/admin/categories', { token: await adminToken(), json: { name } }),
      201,
    )
    const page = await loggedInPage()
    await page.goto(`/admin/categories/edit/${category.id}`)
    await page.getByLabel('Category Name', { exact: true }).fill(`${name} Lagi`)
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await toast(page, 'Category updated successfully!')

    await page.getByRole('link', { name: 'Log Aktivitas', exact: true }).click()
    await page.waitForURL('**/admin/activities')
    await expect.poll(() => page.title()).toBe('Log Aktivitas - Desa Uji Coba')
    await page.getByLabel('Cari', { exact: true }).fill(`${name} Lagi`)
    await page.getByLabel('Aksi', { exact: true }).selectOption('update')
    await page.getByRole('button', { name: 'Terapkan', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('action') === 'update')
    const row = page.getByRole('row').filter({ hasText: `${name} Lagi` })
    await row.waitFor()
    expect(await row.count()).toBe(1)
    const cells = (await row.getByRole('cell').allTextContents()).map((text) => text.trim())
    expect(cells[1]).toBe('Administrator')
    expect(cells[2]).toBe('Mengubah')
    expect(cells[3]).toContain(`Kategori #${category.id}`)
    expect(cells[4]).toBe('name, slug')
    expect(await page.settled()).toEqual([])
  })

  it('is not in the menu of a user without activities-index, and its address is forbidden to them', async () => {
    const page = await loggedInPage('user', 'password')
    expect(await page.getByRole('link', { name: 'Log Aktivitas' }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Pengaturan Situs' }).count()).toBe(0)
    await page.getByRole('button', { name: 'User menu' }).click()
    await page.getByRole('link', { name: 'Profil Saya', exact: true }).waitFor()
    expect(await page.getByRole('link', { name: 'Pengaturan', exact: true }).count()).toBe(0)
    await page.goto('/admin/activities')
    await page.waitForURL('**/admin/forbidden')
    await page.goto('/admin/settings')
    await page.waitForURL('**/admin/forbidden')
  })
})
