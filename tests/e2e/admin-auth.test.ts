import { describe, expect, it } from 'vitest'
import { api, adminToken, userWithPermissions } from '../support/api'
import { PHONE, useBrowser } from '../support/browser'

const { newPage, loggedInPage } = useBrowser()

describe('login', () => {
  it('refuses bad credentials and shows field errors from the server', async () => {
    const page = await newPage()
    await page.goto('/login')
    expect(await page.title()).toBe('Login - Desa Uji Coba')
    await page.getByRole('checkbox', { name: 'Remember me', exact: true }).waitFor()
    await page.getByRole('link', { name: 'Lupa password?', exact: true }).waitFor()

    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.getByText('Username is required').waitFor()
    await page.getByText('Password is required').waitFor()

    await page.getByLabel('Username', { exact: true }).fill('admin')
    await page.getByLabel('Password', { exact: true }).fill('not-the-password')
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/login.data*', async (route) => {
      await held
      await route.continue()
    })
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    const busy = page.getByRole('button', { name: 'Memproses...', exact: true })
    await busy.waitFor()
    expect(await busy.isDisabled()).toBe(true)
    release()
    await page.getByText('Username atau password salah.').waitFor()
    expect(new URL(page.url()).pathname).toBe('/login')
    // The 422 and 401 answers are expected. Remix leaves the promise of a navigation it cancels without a handler;
    // one CI run on a loaded machine reported that AbortError here twice (not reproduced in 60 runs under load).
    // It changes nothing on screen, which the lines above check, so it is not counted as a failure of ours.
    const unexpected = (await page.settled()).filter(
      (e) => !e.includes('Failed to load resource') && !e.startsWith('pageerror: signal is aborted without reason'),
    )
    expect(unexpected).toEqual([])
  })

  it(
    'logs in to the dashboard (replacing history), keeps a logged-in visitor away from /login, ' + 'and logs out',
    async () => {
      const page = await loggedInPage()
      await page.waitForFunction(() => document.title === 'Dashboard - Desa Uji Coba')
      const cookies = await page.context().cookies()
      const token = cookies.find((cookie) => cookie.name === 'token')!
      expect(token.httpOnly).toBe(true)
      expect(token.sameSite).toBe('Lax')

      // Four count cards with their links.
      for (const [label, to] of [
        ['Categories', '/admin/categories'],
        ['Posts', '/admin/posts'],
        ['Products', '/admin/products'],
        ['Aparaturs', '/admin/aparaturs'],
      ]) {
        const card = page.getByRole('listitem', { name: label })
        expect(await card.getByRole('link', { name: /see detail/i }).getAttribute('href')).toBe(to)
        expect(Number(await card.locator('p').nth(1).textContent())).toBeGreaterThanOrEqual(0)
      }

      await page.goto('/login')
      await page.waitForURL('**/admin/dashboard')

      // The user menu.
      await page.getByRole('button', { name: 'User menu' }).click()
      for (const text of ['@admin', 'admin@example.com', 'Profil Saya', 'Akun Saya', 'Pengaturan'])
        await page.getByText(text, { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Keluar', exact: true }).click()
      await page.waitForURL('**/login')
      expect((await page.context().cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined()

      // The old token no longer opens the admin.
      await page.goto('/admin/categories')
      await page.waitForURL(/\/login/)
      // And it was revoked on the server too.
      const bearer = JSON.parse(Buffer.from(decodeURIComponent(token.value), 'base64').toString('utf8')) as string
      const revoked = await api('GET', '/api/admin/dashboard', { token: bearer })
      expect(revoked.status).toBe(401)
    },
  )

  it('returns to /login on the next screen once the session is revoked elsewhere', async () => {
    const page = await loggedInPage()
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor()
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'token')!
    const bearer = JSON.parse(Buffer.from(decodeURIComponent(cookie.value), 'base64').toString('utf8')) as string
    // The same session is logged out from another device (the API revokes the token).
    expect((await api('POST', '/api/logout', { token: bearer })).status).toBe(200)
    // Moving to another screen in the open back office (a client-side navigation) ends at the login.
    await page
      .getByRole('listitem', { name: 'Categories' })
      .getByRole('link', { name: /see detail/i })
      .click()
    await page.waitForURL(/\/login/)
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor()
  })

  it('sends a visitor without a session to /login', async () => {
    const page = await newPage()
    await page.goto('/admin/users')
    await page.waitForURL(/\/login/)
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor()
  })
})

describe('permissions in the back office', () => {
  it('shows a limited user only their menus and buttons, and the 403 page on a forbidden address', async () => {
    const limited = await userWithPermissions([
      'dashboard-index',
      'categories-index',
      'categories-create',
      'photos-index',
    ])
    const page = await loggedInPage(limited.username, 'password123')
    const nav = page.getByRole('navigation', { name: 'Admin', exact: true })
    await nav.getByRole('button', { name: 'Contents Management', exact: true }).click()
    await nav.getByRole('link', { name: 'Categories', exact: true }).waitFor()
    expect(await nav.getByRole('link', { name: 'Posts', exact: true }).count()).toBe(0)
    await nav.getByRole('button', { name: 'Media', exact: true }).click()
    await nav.getByRole('link', { name: 'Photos', exact: true }).waitFor()
    expect(await nav.getByRole('link', { name: 'Sliders', exact: true }).count()).toBe(0)
    expect(await nav.getByRole('button', { name: 'Users Management', exact: true }).count()).toBe(0)
    expect(await nav.getByRole('link', { name: 'Aparaturs', exact: true }).count()).toBe(0)

    await nav.getByRole('link', { name: 'Categories', exact: true }).click()
    await page.waitForURL('**/admin/categories')
    await page.getByRole('link', { name: 'Add New Category', exact: true }).waitFor()
    await page.getByRole('row').nth(1).waitFor()
    expect(await page.getByRole('link', { name: /^Edit / }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0)
    // The group of the current path is open by itself.
    expect(
      await nav.getByRole('button', { name: 'Contents Management', exact: true }).getAttribute('aria-expanded'),
    ).toBe('true')

    // Photos: no upload form without photos-create, no delete without photos-delete.
    await page.goto('/admin/photos')
    await page.getByRole('heading', { name: 'Manage Photos', exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Upload', exact: true }).count()).toBe(0)

    for (const address of ['/admin/users', '/admin/posts/create', '/admin/sliders', '/admin/roles/create']) {
      await page.goto(address)
      await page.waitForURL('**/admin/forbidden')
      await page.getByText('403').first().waitFor()
    }
    await page.getByRole('link', { name: 'Return to Dashboard', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Go Back', exact: true }).waitFor()

    // A deleted user's session ends at once.
    const removed = await api('DELETE', `/api/admin/users/${limited.userId}`, { token: await adminToken() })
    expect(removed.status).toBe(200)
    await page.goto('/admin/categories')
    await page.waitForURL(/\/login/)
  })
})

describe('sidebar', () => {
  it('is a drawer with an overlay at phone width', async () => {
    const page = await loggedInPage('admin', 'password', { viewport: PHONE })
    const nav = page.getByRole('navigation', { name: 'Admin', exact: true })
    expect(await nav.isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Toggle sidebar', exact: true }).click()
    await nav.waitFor({ state: 'visible' })
    const overlay = page.getByTestId('drawer-overlay')
    await overlay.waitFor()
    await overlay.click({ position: { x: 350, y: 400 } })
    await nav.waitFor({ state: 'hidden' })

    await page.getByRole('button', { name: 'Toggle sidebar', exact: true }).click()
    await nav.waitFor({ state: 'visible' })
    await page.keyboard.press('Escape')
    await nav.waitFor({ state: 'hidden' })

    await page.getByRole('button', { name: 'Toggle sidebar', exact: true }).click()
    await nav.getByRole('button', { name: 'Users Management', exact: true }).click()
    await nav.getByRole('link', { name: 'Roles', exact: true }).click()
    await page.waitForURL('**/admin/roles')
    await nav.waitFor({ state: 'hidden' })
    await page.getByRole('heading', { name: 'Manage Roles', exact: true }).waitFor()
    expect(await page.settled()).toEqual([])
  })

  it('keeps the sidebar open by default on wider screens, and folds it away on request', async () => {
    const page = await loggedInPage()
    const nav = page.getByRole('navigation', { name: 'Admin', exact: true })
    await nav.waitFor({ state: 'visible' })
    expect(await page.getByTestId('drawer-overlay').count()).toBe(0)
    const toggle = page.getByRole('button', { name: 'Toggle sidebar', exact: true })
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await toggle.click()
    await nav.waitFor({ state: 'hidden' })
    await toggle.click()
    await nav.waitFor({ state: 'visible' })
  })
})
