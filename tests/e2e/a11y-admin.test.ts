import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, unique } from '../support/api'
import { seriousViolations } from '../support/axe'
import { DESKTOP, PHONE, useBrowser } from '../support/browser'
import { form, jpeg, newCategory } from '../support/content'

const { newPage, loggedInPage } = useBrowser()

const made: { kind: string; id: number }[] = []
const ids: Record<string, number> = {}

async function make(kind: string, body: { json?: unknown; form?: FormData }) {
  const result = await api('POST', `/api/admin/${kind}`, { token: await adminToken(), ...body })
  if (result.status !== 201) throw new Error(`${kind}: ${result.text}`)
  made.push({ kind, id: result.body.data.id })
  ids[kind] = result.body.data.id
}

beforeAll(async () => {
  const tag = unique('a11y')
  const category = await newCategory()
  made.push({ kind: 'categories', id: category.id })
  ids.categories = category.id
  const picture = await jpeg(160, 120)
  await make('permissions', { json: { name: `${tag}-index` } })
  await make('roles', { json: { name: `Peran ${tag}`, permission_ids: [ids.permissions] } })
  await make('users', {
    json: {
      name: `Pengguna ${tag}`,
      username: tag,
      email: `${tag}@example.com`,
      password: 'password123',
      role_ids: [ids.roles],
    },
  })
  await make('posts', {
    form: form({ title: `Berita ${tag}`, content: '<p>Isi berita.</p>', category_id: category.id }, picture),
  })
  await make('pages', { json: { title: `Halaman ${tag}`, content: '<p>Isi halaman.</p>' } })
  await make('products', {
    form: form(
      {
        title: `Produk ${tag}`,
        content: '<p>Isi.</p>',
        owner: 'Ibu Sari',
        price: 25000,
        phone: '081234567890',
        address: 'Dusun 1',
      },
      picture,
    ),
  })
  await make('aparaturs', {
    form: form({ name: `Aparatur ${tag}`, position: 'Kaur Umum', description: '<p>Profil.</p>' }, picture),
  })
  await make('photos', { form: form({ caption: `Foto ${tag}`, description: 'Keterangan' }, picture) })
  // No slider of its own: sliders show on everybody's home page; the demo village's are enough here.
})

afterAll(async () => {
  const token = await adminToken()
  // Users before roles before permissions; posts before their category.
  const order = ['users', 'roles', 'permissions', 'posts', 'categories', 'pages', 'products', 'aparaturs', 'photos']
  for (const kind of order)
    for (const item of made.filter((entry) => entry.kind === kind))
      await api('DELETE', `/api/admin/${kind}/${item.id}`, { token })
})

const LISTS = [
  'categories',
  'posts',
  'pages',
  'products',
  'photos',
  'sliders',
  'aparaturs',
  'roles',
  'permissions',
  'users',
]
const FORMS = ['categories', 'posts', 'pages', 'products', 'aparaturs', 'roles', 'permissions', 'users']

/** Waits until the screen has settled: its heading shown and any rich-text editor loaded. */
async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 10_000 })
  const editors = page.locator('[data-ready]')
  for (let i = 0; i < (await editors.count()); i++)
    await page.locator('[data-ready="true"]').nth(i).waitFor({ timeout: 10_000 })
}

async function expectAccessible(page: Page, label: string) {
  expect(await seriousViolations(page), label).toEqual([])
}

describe('axe finds no serious or critical violation in the back office', () => {
  it('on the login screen, logged out', async () => {
    const page = await newPage()
    await page.goto('/login')
    await expectAccessible(page, '/login')
    // With the server's field errors shown.
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page
      .getByText(/required|wajib/i)
      .first()
      .waitFor()
    await expectAccessible(page, '/login with errors')
    await page.goto('/forgot-password')
    await expectAccessible(page, '/forgot-password')
    await page.goto('/reset-password/not-a-real-token')
    await page.getByRole('heading', { name: 'Tautan Tidak Berlaku' }).waitFor()
    await expectAccessible(page, '/reset-password with a spent link')
  })

  it('on the dashboard, the 403 page and every list screen', async () => {
    const page = await loggedInPage()
    for (const path of [
      '/admin/dashboard',
      '/admin/forbidden',
      ...LISTS.map((kind) => `/admin/${kind}`),
      '/admin/account',
      '/admin/settings',
      '/admin/activities',
    ]) {
      await page.goto(path)
      await settled(page)
      await expectAccessible(page, path)
    }
    // A search that finds nothing shows the empty state.
    await page.goto(`/admin/posts?search=${unique('tidak-ada-')}`)
    await page.getByText('No Post Found').waitFor()
    await expectAccessible(page, 'empty list')
  }, 180_000)

  it.each(FORMS)(
    'on the %s create and edit forms, also with validation errors shown',
    async (kind) => {
      const page = await loggedInPage()
      for (const path of [`/admin/${kind}/create`, `/admin/${kind}/edit/${ids[kind]}`]) {
        await page.goto(path)
        await settled(page)
        await expectAccessible(page, path)
      }
      await page.goto(`/admin/${kind}/create`)
      await settled(page)
      await page.getByRole('button', { name: /^(Save|Simpan)$/ }).click()
      await page
        .getByText(/is required/)
        .first()
        .waitFor({ timeout: 10_000 })
      await expectAccessible(page, `${kind} form with errors`)
    },
    120_000,
  )

  it('with the user menu, the delete dialog and the phone drawer open', async () => {
    const page = await loggedInPage()
    await page.goto('/admin/pages')
    await settled(page)
    await page.getByRole('button', { name: /User menu/ }).click()
    await page.getByRole('button', { name: 'Keluar', exact: true }).waitFor()
    await expectAccessible(page, 'user menu')
    await page.keyboard.press('Escape')
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click()
    await page.getByRole('alertdialog').waitFor()
    await expectAccessible(page, 'delete dialog')
    await page.keyboard.press('Escape')

    const phone = await loggedInPage('admin', 'password', { viewport: PHONE })
    await phone.goto('/admin/posts')
    await settled(phone)
    await expectAccessible(phone, '/admin/posts at phone width')
    await phone.getByRole('button', { name: 'Toggle sidebar', exact: true }).click()
    await phone
      .getByRole('navigation', { name: 'Admin', exact: true })
      .getByRole('link', { name: 'Dashboard', exact: true })
      .waitFor()
    await expectAccessible(phone, 'admin drawer')
  }, 120_000)
})

describe('the back office by keyboard alone', () => {
  it('logs in with the keyboard', async () => {
    const page = await newPage({ viewport: DESKTOP })
    await page.goto('/login')
    await page.getByLabel(/username/i).focus()
    await page.keyboard.type('admin')
    await page.keyboard.press('Tab')
    await page.keyboard.type('password')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/admin/dashboard')
  })

  it('opens and closes a sidebar group with Enter and follows its links', async () => {
    const page = await loggedInPage()
    const nav = page.getByRole('navigation', { name: 'Admin', exact: true })
    const group = nav.getByRole('button', { name: 'Users Management', exact: true })
    await group.focus()
    const before = await group.getAttribute('aria-expanded')
    await page.keyboard.press('Enter')
    expect(await group.getAttribute('aria-expanded')).not.toBe(before)
    if ((await group.getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('Enter')
    const roles = nav.getByRole('link', { name: 'Roles', exact: true })
    await roles.waitFor()
    await page.keyboard.press('Tab')
    expect(await roles.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await page.waitForURL('**/admin/roles')
  })

  it('opens the phone drawer from the keyboard and closes it with Escape', async () => {
    const page = await loggedInPage('admin', 'password', { viewport: PHONE })
    const toggle = page.getByRole('button', { name: 'Toggle sidebar', exact: true })
    await toggle.focus()
    await page.keyboard.press('Enter')
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    const dashboard = page
      .getByRole('navigation', { name: 'Admin', exact: true })
      .getByRole('link', { name: 'Dashboard', exact: true })
    await dashboard.waitFor()
    await page.keyboard.press('Escape')
    await dashboard.waitFor({ state: 'hidden' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
  })

  it('opens the user menu with Enter, reaches its items with Tab and closes it with Escape', async () => {
    const page = await loggedInPage()
    const button = page.getByRole('button', { name: /User menu/ })
    await button.focus()
    await page.keyboard.press('Enter')
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    const logout = page.getByRole('button', { name: 'Keluar', exact: true })
    await logout.waitFor()
    let reached = false
    for (let step = 0; step < 5 && !reached; step++) {
      await page.keyboard.press('Tab')
      reached = await logout.evaluate((element) => element === document.activeElement)
    }
    expect(reached).toBe(true)
    await page.keyboard.press('Escape')
    await logout.waitFor({ state: 'hidden' })
    expect(await button.getAttribute('aria-expanded')).toBe('false')
  })

  it('asks before deleting: the dialog takes the focus, Escape cancels and gives it back', async () => {
    const page = await loggedInPage()
    await page.goto(`/admin/sliders`)
    await settled(page)
    const remove = page.getByRole('button', { name: /^Delete / }).first()
    await remove.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('alertdialog')
    await dialog.waitFor()
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="alertdialog"]')))).toBe(true)
    const visited = new Set<string>()
    for (let step = 0; step < 6; step++) {
      await page.keyboard.press('Tab')
      // A modal <dialog> makes the page behind it inert: Tab cycles through the dialog and the browser's own controls.
      const where = await page.evaluate(() => {
        const active = document.activeElement
        if (active?.closest('[role="alertdialog"]')) return `dialog ${active.textContent?.trim()}`
        return !active || active === document.body ? 'browser' : active.outerHTML.slice(0, 80)
      })
      expect(where, `Tab ${step + 1} never reaches the page behind`).toMatch(/^(dialog|browser)/)
      visited.add(where)
    }
    expect(visited).toContain('dialog Cancel')
    expect(visited).toContain('dialog Yes, delete')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(await remove.evaluate((element) => element === document.activeElement)).toBe(true)
  })

  it('shows a focus ring on every control of a list screen', async () => {
    const page = await loggedInPage()
    await page.goto('/admin/posts')
    await settled(page)
    let checked = 0
    for (let step = 0; step < 30; step++) {
      await page.keyboard.press('Tab')
      const focus = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null
        if (!element || element === document.body) return null
        const style = getComputedStyle(element)
        const visible =
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
          (style.boxShadow !== 'none' && style.boxShadow !== '')
        return {
          label: `${element.tagName} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30)}`,
          visible,
        }
      })
      if (!focus) continue
      checked++
      expect(focus.visible, `focus ring on ${focus.label}`).toBe(true)
    }
    expect(checked).toBeGreaterThan(10)
  })
})
