import { describe, expect, it } from 'vitest'
import { adminToken, api, unique } from '../support/api'
import { useBrowser } from '../support/browser'
import { search, toast, typeRichText } from './admin-support'

const { loggedInPage, newPage } = useBrowser()

/** The row of `title` in the admin list of pages (search first). */
async function pageRow(title: string) {
  const list = await api('GET', `/api/admin/pages?search=${encodeURIComponent(title)}`, { token: await adminToken() })
  return list.body.data.data[0] as { id: number; slug: string; status: string; published_at: string | null }
}

describe('drafts and scheduling in the admin', () => {
  it('saves a draft, previews it, schedules it at a time in the village zone, then publishes it', async () => {
    const page = await loggedInPage()
    const title = unique('Halaman Draf ')
    await page.goto('/admin/pages/create')
    await page.getByLabel('Title', { exact: true }).fill(title)
    await typeRichText(page, 'Content', 'Isi yang belum siap.')
    await page.getByRole('button', { name: 'Simpan sebagai Draf', exact: true }).click()
    await toast(page, 'Page created successfully!')
    await search(page, title)
    const row = page.getByRole('row').filter({ hasText: title })
    expect(await row.getByText('Draf', { exact: true }).count()).toBe(1)
    // The status filter keeps the search.
    await page.getByRole('link', { name: 'Terbit', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('status') === 'published')
    await page.getByText('No Pages Found').waitFor()
    await page.getByRole('link', { name: 'Draf', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('status') === 'draft')
    await page.getByRole('row').filter({ hasText: title }).waitFor()
    // And a new search keeps the status filter.
    await search(page, title.slice(0, -1))
    expect(new URL(page.url()).searchParams.get('status')).toBe('draft')
    await page.getByRole('row').filter({ hasText: title }).waitFor()

    const draft = await pageRow(title)
    expect(draft).toMatchObject({ status: 'draft', published_at: null })
    // The preview: staff see it at its public address with the banner; a visitor gets the not-found screen.
    await page.goto(`/pages/${draft.slug}`)
    await page.getByRole('heading', { name: title }).waitFor()
    expect(await page.getByRole('status').filter({ hasText: 'Pratinjau' }).textContent()).toContain('Draf')
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
    const visitor = await newPage()
    const response = await visitor.goto(`/pages/${draft.slug}`)
    expect(response?.status()).toBe(404)
    await visitor.getByRole('heading', { name: 'Halaman Tidak Ditemukan' }).waitFor()

    // Jadwalkan needs a time; with one (WIB), the page is scheduled for it.
    await page.goto(`/admin/pages/edit/${draft.id}`)
    expect(await page.getByRole('link', { name: /^Lihat di situs/ }).getAttribute('href')).toBe(`/pages/${draft.slug}`)
    await page.getByRole('button', { name: 'Jadwalkan', exact: true }).click()
    await page.getByText('Choose the date and time to publish').waitFor()
    await page.getByLabel(/^Waktu terbit/).fill('2099-01-01T08:00')
    await page.getByRole('button', { name: 'Jadwalkan', exact: true }).click()
    await toast(page, 'Page updated successfully!')
    expect(await pageRow(title)).toMatchObject({ status: 'published', published_at: '2099-01-01T01:00:00.000Z' })
    await search(page, title)
    expect(await page.getByRole('row').filter({ hasText: title }).getByText('Terjadwal', { exact: true }).count()).toBe(
      1,
    )
    await page.goto(`/admin/pages/edit/${draft.id}`)
    expect(await page.getByLabel(/^Waktu terbit/).inputValue()).toBe('2099-01-01T08:00')
    await page.goto(`/pages/${draft.slug}`)
    expect(await page.getByRole('status').filter({ hasText: 'Pratinjau' }).textContent()).toContain('Terjadwal')
    expect((await visitor.goto(`/pages/${draft.slug}`))?.status()).toBe(404)

    // Terbitkan: public now, at its address and in the list.
    await page.goto(`/admin/pages/edit/${draft.id}`)
    await page.getByRole('button', { name: 'Terbitkan', exact: true }).click()
    await toast(page, 'Page updated successfully!')
    await search(page, title)
    expect(await page.getByRole('row').filter({ hasText: title }).getByText('Terbit', { exact: true }).count()).toBe(1)
    const published = await pageRow(title)
    expect(published.status).toBe('published')
    expect(new Date(published.published_at!).getTime()).toBeLessThanOrEqual(Date.now() + 1000)
    expect((await visitor.goto(`/pages/${draft.slug}`))?.status()).toBe(200)
    await visitor.getByRole('heading', { name: title }).waitFor()
    expect(await visitor.getByText('Pratinjau').count()).toBe(0)
    // The refused Jadwalkan (422) is the only failed load.
    expect((await page.settled()).filter((error) => !error.includes('status of 422'))).toEqual([])
  })

  it('Save keeps the status as it is (the original screens)', async () => {
    const page = await loggedInPage()
    const title = unique('Halaman Tetap ')
    const token = await adminToken()
    const created = await api('POST', '/api/admin/pages', {
      token,
      json: { title, content: '<p>Isi</p>', status: 'draft' },
    })
    expect(created.status).toBe(201)
    await page.goto(`/admin/pages/edit/${created.body.data.id}`)
    await page.getByLabel('Title', { exact: true }).fill(`${title} Baru`)
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await toast(page, 'Page updated successfully!')
    expect(await pageRow(`${title} Baru`)).toMatchObject({ status: 'draft', published_at: null })
  })
})
