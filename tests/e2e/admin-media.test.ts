import { describe, expect, it } from 'vitest'
import { adminToken, api, unique } from '../support/api'
import { useBrowser } from '../support/browser'
import { deleteRow, PNG, search, toast, typeRichText, valueOf } from './admin-support'

const { loggedInPage } = useBrowser()

describe('products screens', () => {
  it('creates (multi-line address), edits (single-line address, prefilled) and deletes a product', async () => {
    const page = await loggedInPage()
    await page.goto('/admin/products')
    await page.getByRole('link', { name: 'Add New Product', exact: true }).click()
    await page.waitForURL('**/admin/products/create')
    expect(await page.getByLabel('Address', { exact: true }).evaluate((element) => element.tagName)).toBe('TEXTAREA')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    for (const message of ['Title is required', 'Owner is required', 'Phone is required', 'Address is required'])
      await page.getByText(message).waitFor()

    const title = unique('Keripik ')
    await page.getByLabel('Image', { exact: true }).setInputFiles(PNG)
    await page.getByLabel('Title', { exact: true }).fill(title)
    await typeRichText(page, 'Content', 'Keripik singkong renyah.')
    await page.getByLabel('Price', { exact: true }).fill('1500000')
    await page.getByLabel('Owner', { exact: true }).fill('Bu Sari')
    await page.getByLabel('Phone', { exact: true }).fill('081234567890')
    await page.getByLabel('Address', { exact: true }).fill('RT 01\nRW 02')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await toast(page, 'Product created successfully!')

    await search(page, title)
    const row = page.getByRole('row').filter({ hasText: title })
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Bu Sari')
    expect((await row.getByRole('cell').nth(2).textContent())?.replace(/\s/g, ' ')).toBe('Rp 1.500.000')

    await page.getByRole('link', { name: `Edit ${title}` }).click()
    expect(await page.getByLabel('Address', { exact: true }).evaluate((element) => element.tagName)).toBe('INPUT')
    expect(await valueOf(page, 'Title')).toBe(title)
    expect(await valueOf(page, 'Price')).toBe('1500000')
    expect(await valueOf(page, 'Owner')).toBe('Bu Sari')
    expect(await valueOf(page, 'Phone')).toBe('081234567890')
    await page.getByRole('textbox', { name: 'Content', exact: true }).getByText('Keripik singkong renyah.').waitFor()
    await page.getByLabel('Price', { exact: true }).fill('20000')
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await toast(page, 'Product updated successfully!')

    await search(page, title)
    expect(
      (await page.getByRole('row').filter({ hasText: title }).getByRole('cell').nth(2).textContent())?.replace(
        /\s/g,
        ' ',
      ),
    ).toBe('Rp 20.000')
    await deleteRow(page, title, 'product')
  })
})

describe('aparaturs screens', () => {
  it('creates, edits prefilled and deletes an aparatur', async () => {
    const page = await loggedInPage()
    await page.goto('/admin/aparaturs')
    await page.getByRole('link', { name: 'Add New Aparatur', exact: true }).click()
    const name = unique('Pak Budi ')
    await page.getByLabel('Image', { exact: true }).setInputFiles(PNG)
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Position is required').waitFor()
    await page.getByLabel('Position', { exact: true }).fill('Sekretaris Desa')
    await typeRichText(page, 'Description', 'Melayani warga.')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await toast(page, 'Aparatur created successfully!')

    await search(page, name)
    expect(await page.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(1).textContent()).toBe(
      'Sekretaris Desa',
    )
    await page.getByRole('link', { name: `Edit ${name}` }).click()
    expect(await valueOf(page, 'Name')).toBe(name)
    expect(await valueOf(page, 'Position')).toBe('Sekretaris Desa')
    await page.getByRole('textbox', { name: 'Description', exact: true }).getByText('Melayani warga.').waitFor()
    await page.getByLabel('Position', { exact: true }).fill('Kepala Dusun')
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await toast(page, 'Aparatur updated successfully!')
    await search(page, name)
    await page.getByRole('cell', { name: 'Kepala Dusun', exact: true }).waitFor()
    await deleteRow(page, name, 'aparatur')
  })
})

describe('photos and sliders', () => {
  it('uploads a photo (image files only, form cleared) and deletes it', async () => {
    const page = await loggedInPage()
    await page.goto('/admin/photos')
    const file = page.getByLabel('Image', { exact: true })
    expect(await file.getAttribute('accept')).toBe('image/*')
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await page.getByText('Image is required').waitFor()
    await page.getByText('Caption is required').waitFor()

    const caption = unique('Panen Raya ')
    await file.setInputFiles(PNG)
    await page.getByLabel('Caption', { exact: true }).fill(caption)
    await page.getByLabel('Description', { exact: true }).fill('Panen padi bersama.')
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await toast(page, 'Photo uploaded successfully!')
    await page.getByRole('cell', { name: caption, exact: true }).waitFor()
    expect(await valueOf(page, 'Caption')).toBe('')
    expect(await file.inputValue()).toBe('')
    expect(
      await page.getByRole('row').filter({ hasText: caption }).locator('img[src^="/uploads/photos/"]').count(),
    ).toBe(1)

    await search(page, caption)
    await deleteRow(page, caption, 'photo')
  })

  it('uploads a slider and deletes it', async () => {
    const page = await loggedInPage()
    await page.goto('/admin/sliders')
    const description = unique('Selamat datang ')
    await page.getByLabel('Image', { exact: true }).setInputFiles(PNG)
    await page.getByLabel('Description', { exact: true }).fill(description)
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await toast(page, 'Slider uploaded successfully!')
    await page.getByRole('cell', { name: description, exact: true }).waitFor()
    expect(await valueOf(page, 'Description')).toBe('')

    await search(page, description)
    await deleteRow(page, description, 'slider')
    const left = await api('GET', `/api/admin/sliders?search=${encodeURIComponent(description)}`, {
      token: await adminToken(),
    })
    expect(left.body.data.total).toBe(0)
  })
})
