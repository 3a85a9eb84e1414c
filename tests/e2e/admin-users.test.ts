import { describe, expect, it } from 'vitest'
import { unique } from '../support/api'
import { useBrowser } from '../support/browser'
import { deleteRow, search, toast, valueOf } from './admin-support'

const { loggedInPage } = useBrowser()

describe('permissions screens', () => {
  it('creates (with a validation error first), edits prefilled and deletes a permission', async () => {
    const page = await loggedInPage()
    await page.goto('/admin/permissions')
    await page.getByRole('link', { name: 'Add New Permission', exact: true }).click()
    await page.waitForURL('**/admin/permissions/create')
    // The address changes before the new screen (and its title) has rendered.
    await expect.poll(() => page.title()).toBe('Create Permission - Desa Uji Coba')

    await page.getByLabel('Permission Name', { exact: true }).fill('Not Valid')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const error = page.getByText('Name must look like resource-action, e.g. posts-create')
    await error.waitFor()
    // The message is tied to its field.
    expect(await page.getByLabel('Permission Name', { exact: true }).getAttribute('aria-describedby')).toBe(
      await error.getAttribute('id'),
    )

    const name = `${unique('perm')}-view`
    await page.getByLabel('Permission Name', { exact: true }).fill(name)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await toast(page, 'Permission created successfully!')
    await page.waitForURL((url) => url.pathname === '/admin/permissions')

    await search(page, name)
    await page.getByRole('cell', { name, exact: true }).waitFor()
    await page.getByRole('link', { name: `Edit ${name}` }).click()
    await page.waitForURL(/\/admin\/permissions\/edit\/\d+$/)
    expect(await valueOf(page, 'Permission Name')).toBe(name)
    const renamed = `${name}x`
    await page.getByLabel('Permission Name', { exact: true }).fill(renamed)
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await toast(page, 'Permission updated successfully!')
    await page.waitForURL((url) => url.pathname === '/admin/permissions')

    await search(page, renamed)
    await deleteRow(page, renamed, 'permission')
    await page.getByText('No Permissions Found').waitFor()
    await page.getByText('Try with Other Keywords').waitFor()
    // After a delete the list is back on page 1 with the same search.
    const url = new URL(page.url())
    expect(url.searchParams.get('page')).toBeNull()
    expect(url.searchParams.get('search')).toBe(renamed)
  })
})

describe('roles screens', () => {
  it('creates a role with grouped permission checkboxes, edits it prefilled and deletes it', async () => {
    const page = await loggedInPage()
    await page.goto('/admin/roles/create')
    // Groups are titled by the capitalised part before the first hyphen.
    for (const group of ['Posts', 'Users', 'Dashboard']) await page.getByText(group, { exact: true }).first().waitFor()
    const name = unique('role')
    await page.getByLabel('Role Name', { exact: true }).fill(name)
    await page.getByRole('checkbox', { name: 'posts-index', exact: true }).check()
    await page.getByRole('checkbox', { name: 'pages-index', exact: true }).check()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await toast(page, 'Role created successfully!')

    await search(page, name)
    const row = page.getByRole('row').filter({ hasText: name })
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('2')
    await page.getByRole('link', { name: `Edit ${name}` }).click()
    expect(await valueOf(page, 'Role Name')).toBe(name)
    expect(await page.getByRole('checkbox', { name: 'posts-index', exact: true }).isChecked()).toBe(true)
    expect(await page.getByRole('checkbox', { name: 'pages-index', exact: true }).isChecked()).toBe(true)
    expect(await page.getByRole('checkbox', { name: 'posts-create', exact: true }).isChecked()).toBe(false)
    await page.getByRole('checkbox', { name: 'pages-index', exact: true }).uncheck()
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await toast(page, 'Role updated successfully!')
    await search(page, name)
    expect(await page.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(1).textContent()).toBe('1')
    await deleteRow(page, name, 'role')
  })

  it('refuses to delete the admin role with the reason', async () => {
    const page = await loggedInPage()
    await page.goto('/admin/roles?search=admin')
    await page.getByRole('button', { name: 'Delete admin', exact: true }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete', exact: true }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'Failed to delete role: The admin role cannot be deleted' })
      .waitFor()
  })

  it('cancels a delete with Escape', async () => {
    const page = await loggedInPage()
    await page.goto('/admin/roles?search=admin')
    const opener = page.getByRole('button', { name: 'Delete admin', exact: true })
    await opener.click()
    const dialog = page.getByRole('alertdialog')
    await dialog.waitFor()
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Delete admin')
  })
})

describe('users screens', () => {
  it('creates a user with roles, shows duplicate errors, edits prefilled and deletes', async () => {
    const page = await loggedInPage()
    await page.goto('/admin/users')
    await page.getByRole('link', { name: 'Add New User', exact: true }).click()
    await page.waitForURL('**/admin/users/create')
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('type')).toBe('email')
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password')

    const username = unique('u')
    await page.getByLabel('Full Name', { exact: true }).fill('Warga Uji')
    await page.getByLabel('Username', { exact: true }).fill('admin')
    await page.getByLabel('Email', { exact: true }).fill(`${username}@example.com`)
    await page.getByLabel('Password', { exact: true }).fill('password123')
    await page.getByRole('checkbox', { name: 'user', exact: true }).check()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Username already exists').waitFor()

    await page.getByLabel('Username', { exact: true }).fill(username)
    await page.getByLabel('Password', { exact: true }).fill('password123')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await toast(page, 'User created successfully!')

    await search(page, username)
    const row = page.getByRole('row').filter({ hasText: `${username}@example.com` })
    expect(await row.getByRole('cell').nth(0).textContent()).toBe('Warga Uji')
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('user')

    await page.getByRole('link', { name: `Edit ${username}` }).click()
    expect(await valueOf(page, 'Full Name')).toBe('Warga Uji')
    expect(await valueOf(page, 'Username')).toBe(username)
    expect(await valueOf(page, 'Email')).toBe(`${username}@example.com`)
    expect(await valueOf(page, 'Password')).toBe('')
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('placeholder')).toMatch(/blank/i)
    expect(await page.getByRole('checkbox', { name: 'user', exact: true }).isChecked()).toBe(true)
    await page.getByLabel('Full Name', { exact: true }).fill('Warga Uji Dua')
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await toast(page, 'User updated successfully!')

    await search(page, username)
    await page.getByRole('cell', { name: 'Warga Uji Dua', exact: true }).waitFor()
    await deleteRow(page, username, 'user')
    await page.getByText('No User Found').waitFor()
  })
})
