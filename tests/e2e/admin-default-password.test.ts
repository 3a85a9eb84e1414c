import { describe, expect, it } from 'vitest'
import { adminToken, api, unique } from '../support/api'
import { useBrowser } from '../support/browser'

const browser = useBrowser()

describe('default password warning', () => {
  it('shows while a seeded account keeps the default password, on every admin screen', async () => {
    // The shared test server seeds admin and user with `password`.
    const page = await browser.loggedInPage('admin')
    const warning = page.getByRole('alert').filter({ hasText: 'default password' })
    await expect(warning.textContent()).resolves.toContain('"admin" and "user"')
    await page.goto('/admin/categories')
    expect(await page.getByRole('alert').filter({ hasText: 'default password' }).count()).toBe(1)
    await page.close()
  })

  it('is not shown for accounts whose password was changed', async () => {
    // A user created with a strong password and the same permissions sees the banner only about the seeded ones.
    const token = await adminToken()
    const username = unique('staf')
    const roles = await api('GET', '/api/admin/roles/all', { token })
    const userRole = roles.body.data.find((role: { name: string }) => role.name === 'user')
    const created = await api('POST', '/api/admin/users', {
      token,
      json: {
        name: 'Staf Baru',
        username,
        email: `${username}@example.com`,
        password: 'kata-sandi-kuat',
        role_ids: [userRole.id],
      },
    })
    expect(created.status).toBe(201)
    const page = await browser.loggedInPage(username, 'kata-sandi-kuat')
    const text = await page.getByRole('alert').filter({ hasText: 'default password' }).textContent()
    expect(text).not.toContain(username)
    expect(text).toContain('Ask your administrator')
    // Neither the accounts nor their password reach a user who cannot change them: not on screen, not in the data.
    expect(text).not.toContain('"admin"')
    expect(text).not.toMatch(/password\s+password/)
    expect(await page.locator('[role="alert"] code').count()).toBe(0)
    expect(await page.content()).not.toContain('"accounts"')
    await page.close()
  })
})
