import { describe, expect, it } from 'vitest'
import { adminToken, api, unique } from '../support/api'
import { useBrowser } from '../support/browser'
import { typeRichText, valueOf } from './admin-support'

const { loggedInPage } = useBrowser()

/**
 * The online-gambling spam guard through the admin screens (the same model call as the API, app/models/citizen-services/spam.server.ts).
 */
describe('the post form and gambling spam', () => {
  it('shows the refusal under each field that holds spam and keeps everything typed', async () => {
    const token = await adminToken()
    const category = (await api('POST', '/api/admin/categories', { token, json: { name: unique('Kabar ') } })).body.data
    const page = await loggedInPage()
    await page.goto('/admin/posts/create')
    await page.getByRole('textbox', { name: 'Content', exact: true }).waitFor()
    const title = `Slot g4c0r maxwin ${unique('')}`
    await page.getByLabel('Category', { exact: true }).selectOption(String(category.id))
    await page.getByLabel('Title', { exact: true }).fill(title)
    await typeRichText(page, 'Content', 'Daftar sekarang di link alternatif terbaru.')
    await page.getByRole('button', { name: 'Save', exact: true }).click()

    const titleBox = page.getByLabel('Title', { exact: true })
    await page.getByText('Konten terindikasi promosi judi online ("gacor")').waitFor()
    expect(await titleBox.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator(`[id="${await titleBox.getAttribute('aria-describedby')}"]`).textContent()).toBe(
      'Konten terindikasi promosi judi online ("gacor")',
    )
    await page.getByText('Konten terindikasi promosi judi online ("link alternatif terbaru")').waitFor()

    // Nothing was saved, and nothing typed is lost.
    expect(new URL(page.url()).pathname).toBe('/admin/posts/create')
    expect(await valueOf(page, 'Title')).toBe(title)
    expect(await page.getByLabel('Category', { exact: true }).inputValue()).toBe(String(category.id))
    expect(await page.getByRole('textbox', { name: 'Content', exact: true }).textContent()).toBe(
      'Daftar sekarang di link alternatif terbaru.',
    )
    const saved = await api('GET', `/api/admin/posts?search=${encodeURIComponent(title)}`, { token })
    expect(saved.body.data.data).toEqual([])
  })
})
