import { describe, expect, it } from 'vitest'
import { adminToken, api, unique } from '../support/api'
import { useBrowser } from '../support/browser'
import { deleteRow, PNG, search, toast, typeRichText, valueOf } from './admin-support'

const { loggedInPage } = useBrowser()

describe('categories screens', () => {
  it('creates, edits prefilled and deletes a category; a category with posts is refused', async () => {
    const page = await loggedInPage()
    await page.goto('/admin/categories')
    await page.getByRole('link', { name: 'Add New Category', exact: true }).click()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Name is required').waitFor()
    const name = unique('Kategori ')
    await page.getByLabel('Category Name', { exact: true }).fill(name)
    // While the server works the button says so and cannot be pressed again.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/admin/categories/create.data*', async (route) => {
      await held
      await route.continue()
    })
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const saving = page.getByRole('button', { name: 'Saving...', exact: true })
    await saving.waitFor()
    expect(await saving.isDisabled()).toBe(true)
    release()
    await toast(page, 'Category created successfully!')
    await page.unroute('**/admin/categories/create.data*')

    await search(page, name)
    const row = page.getByRole('row').filter({ hasText: name })
    // Long Indonesian date.
    expect(await row.getByRole('cell').nth(1).textContent()).toMatch(
      /^\d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}$/,
    )
    await page.getByRole('link', { name: `Edit ${name}` }).click()
    expect(await valueOf(page, 'Category Name')).toBe(name)
    await page.getByLabel('Category Name', { exact: true }).fill(`${name} Baru`)
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await toast(page, 'Category updated successfully!')

    await search(page, `${name} Baru`)
    await deleteRow(page, `${name} Baru`, 'category')

    // An edit address of a record that is gone: a message inside the shell.
    await page.goto('/admin/categories/edit/999999999')
    await page.getByText('Data Not Found').waitFor()
    await page.getByRole('navigation', { name: 'Admin', exact: true }).waitFor()

    // A category that still has posts cannot go.
    const token = await adminToken()
    const busy = await api('POST', '/api/admin/categories', { token, json: { name: unique('Sibuk ') } })
    const form = new FormData()
    form.set('category_id', String(busy.body.data.id))
    form.set('title', unique('Berita '))
    form.set('content', '<p>Isi</p>')
    expect((await api('POST', '/api/admin/posts', { token, form })).status).toBe(201)
    await page.goto('/admin/categories')
    await search(page, busy.body.data.name)
    await page.getByRole('button', { name: `Delete ${busy.body.data.name}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete', exact: true }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'Failed to delete category: This category still has posts' })
      .waitFor()
  })
})

describe('posts screens', () => {
  it('shows field errors, creates a post with image and rich text, edits it prefilled and deletes it', async () => {
    const token = await adminToken()
    const category = (await api('POST', '/api/admin/categories', { token, json: { name: unique('Kabar ') } })).body.data
    const page = await loggedInPage()
    await page.goto('/admin/posts')
    await page.getByRole('link', { name: 'Add New Post', exact: true }).click()
    await page.waitForURL('**/admin/posts/create')
    expect(await page.getByLabel('Category', { exact: true }).inputValue()).toBe('0')
    expect(await page.getByLabel('Category', { exact: true }).locator('option').first().textContent()).toBe(
      'Select Category',
    )
    await page.getByRole('textbox', { name: 'Content', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Title is required').waitFor()
    await page.getByText('Category is required').waitFor()
    await page.getByText('Content is required').waitFor()

    const title = unique('Gotong Royong ')
    await page.getByLabel('Image', { exact: true }).setInputFiles(PNG)
    await page.getByLabel('Category', { exact: true }).selectOption(String(category.id))
    await page.getByLabel('Title', { exact: true }).fill(title)
    await typeRichText(page, 'Content', 'Warga bekerja bakti membersihkan saluran air.')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await toast(page, 'Post created successfully!')
    await page.waitForURL((url) => url.pathname === '/admin/posts')

    await search(page, title)
    const row = page.getByRole('row').filter({ hasText: title })
    expect(await row.getByRole('cell').nth(1).textContent()).toBe(category.name)
    await page.getByRole('link', { name: `Edit ${title}` }).click()
    await page.waitForURL(/\/admin\/posts\/edit\/\d+$/)
    expect(await valueOf(page, 'Title')).toBe(title)
    expect(await page.getByLabel('Category', { exact: true }).inputValue()).toBe(String(category.id))
    const editor = page.getByRole('textbox', { name: 'Content', exact: true })
    await editor.getByText('Warga bekerja bakti membersihkan saluran air.').waitFor()
    expect(await page.locator('img[src^="/uploads/posts/"]').count()).toBe(1)
    await page.getByLabel('Title', { exact: true }).fill(`${title} Lagi`)
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await toast(page, 'Post updated successfully!')

    const saved = await api('GET', `/api/admin/posts?search=${encodeURIComponent(`${title} Lagi`)}`, { token })
    expect(saved.body.data.data[0].content).toBe('<p>Warga bekerja bakti membersihkan saluran air.</p>')
    expect(saved.body.data.data[0].image).toBeTruthy()

    await search(page, `${title} Lagi`)
    await deleteRow(page, `${title} Lagi`, 'post')
    await page.getByText('No Post Found').waitFor()
    // No script errors (422 answers are logged by the browser as failed loads, nothing else).
    expect((await page.settled()).filter((error) => !error.includes('Failed to load resource'))).toEqual([])
  })
})

describe('pages screens', () => {
  it('creates, edits prefilled and deletes a page', async () => {
    const page = await loggedInPage()
    await page.goto('/admin/pages')
    await page.getByRole('link', { name: 'Add New Page', exact: true }).click()
    const title = unique('Sejarah Desa ')
    await page.getByLabel('Title', { exact: true }).fill(title)
    await typeRichText(page, 'Content', 'Desa ini berdiri sejak lama.')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await toast(page, 'Page created successfully!')

    await search(page, title)
    await page.getByRole('link', { name: `Edit ${title}` }).click()
    expect(await valueOf(page, 'Title')).toBe(title)
    await page
      .getByRole('textbox', { name: 'Content', exact: true })
      .getByText('Desa ini berdiri sejak lama.')
      .waitFor()
    await typeRichText(page, 'Content', 'Isi yang diperbarui.')
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await toast(page, 'Page updated successfully!')

    const saved = await api('GET', `/api/admin/pages?search=${encodeURIComponent(title)}`, {
      token: await adminToken(),
    })
    expect(saved.body.data.data[0].content).toBe('<p>Isi yang diperbarui.</p>')
    await search(page, title)
    await deleteRow(page, title, 'page')
  })
})
