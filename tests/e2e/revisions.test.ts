import { expect, it } from 'vitest'
import { tinyPdf } from '../../app/lib/tiny-pdf'
import { adminToken, api, unique } from '../support/api'
import { useBrowser } from '../support/browser'
import { toast, valueOf } from './admin-support'

// Revisions and preview links on the edit screen (docs/api.md "Revisions and preview links"): two edits, `Riwayat`
// with the difference, `Pulihkan` with its confirmation, then `Bagikan Pratinjau` and the draft opened by its link in
// a fresh browser context.

const { loggedInPage, newPage } = useBrowser()

it('lists two edits under Riwayat, restores the first state, and shares a draft by its preview link', async () => {
  const token = await adminToken()
  const category = (await api('POST', '/api/admin/categories', { token, json: { name: unique('Kabar ') } })).body.data
  const title = unique('Draf Musyawarah ')
  const created = await api('POST', '/api/admin/posts', {
    token,
    json: { title, content: '<p>Musyawarah desa hari Senin.</p>', category_id: category.id, status: 'draft' },
  })
  expect(created.status).toBe(201)
  const post = created.body.data
  const page = await loggedInPage()
  for (const next of [`${title} Dua`, `${title} Tiga`]) {
    await page.goto(`/admin/posts/edit/${post.id}`)
    await page.getByLabel('Title', { exact: true }).fill(next)
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await toast(page, 'Post updated successfully!')
  }

  await page.goto(`/admin/posts/edit/${post.id}`)
  await page.getByRole('button', { name: 'Riwayat', exact: true }).click()
  const history = page.getByRole('region', { name: 'Riwayat' })
  const entries = history.getByRole('listitem')
  await entries.first().waitFor()
  expect(await entries.count()).toBe(2)
  // Newest first: the state before the second edit, then the first state.
  await entries.nth(0).getByText(`${title} Dua`, { exact: true }).waitFor()
  await entries.nth(1).getByText(title, { exact: true }).first().waitFor()
  // The difference against the title now, word by word: the revision's word struck out, the current one added.
  expect((await entries.nth(0).locator('del').first().textContent())?.trim()).toBe('Dua')
  expect((await entries.nth(0).locator('ins').first().textContent())?.trim()).toBe('Tiga')
  expect(await entries.nth(1).locator('del').count()).toBe(0)
  expect((await entries.nth(1).locator('ins').first().textContent())?.trim()).toBe('Tiga')

  // Pulihkan asks first; declined, nothing happens.
  page.once('dialog', (dialog) => void dialog.dismiss())
  await entries.nth(1).getByRole('button', { name: 'Pulihkan', exact: true }).click()
  expect(await valueOf(page, 'Title')).toBe(`${title} Tiga`)
  page.once('dialog', (dialog) => void dialog.accept())
  await entries.nth(1).getByRole('button', { name: 'Pulihkan', exact: true }).click()
  await toast(page, 'Revisi dipulihkan!')
  expect(await valueOf(page, 'Title')).toBe(title)
  await page.getByRole('button', { name: 'Riwayat', exact: true }).click()
  await history.getByRole('listitem').nth(2).waitFor()
  expect(await history.getByRole('listitem').count()).toBe(3)

  await page.getByRole('button', { name: 'Bagikan Pratinjau', exact: true }).click()
  const field = page.getByLabel('Tautan pratinjau', { exact: true })
  await field.waitFor()
  const url = await field.inputValue()
  expect(url).toMatch(/^http:\/\/[^/]+\/pratinjau\/[A-Za-z0-9_-]{43}$/)
  expect(await field.getAttribute('readonly')).not.toBeNull()
  await page.getByRole('button', { name: 'Salin', exact: true }).waitFor()
  const whatsapp = page.getByRole('link', { name: /Kirim lewat WhatsApp/ })
  expect(await whatsapp.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(url)}`)
  expect(await page.settled()).toEqual([])

  // Someone without an account, in a browser of their own, reads the draft.
  const visitor = await newPage()
  const response = await visitor.goto(url)
  expect(response?.status()).toBe(200)
  expect(response?.headers()['cache-control']).toBe('no-store')
  await visitor.getByRole('status').filter({ hasText: 'Pratinjau' }).first().waitFor()
  await visitor.getByRole('heading', { level: 1, name: title }).waitFor()
  await visitor.getByText('Musyawarah desa hari Senin.').waitFor()
  expect(await visitor.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
  expect(await visitor.settled()).toEqual([])
})

it("refuses an exempt document's preview link on its edit screen, saying why, with no link", async () => {
  const token = await adminToken()
  const title = unique('Perdes Dikecualikan ')
  const form = new FormData()
  for (const [key, value] of Object.entries({
    title,
    kind: 'peraturan_desa',
    information_class: 'dikecualikan',
    status: 'draft',
  }))
    form.append(key, value)
  const pdf = tinyPdf({ pages: [[title]] })
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'perdes.pdf')
  const created = await api('POST', '/api/admin/documents', { token, form })
  expect(created.status).toBe(201)
  const page = await loggedInPage()
  await page.goto(`/admin/documents/edit/${created.body.data.id}`)
  await page.getByRole('button', { name: 'Bagikan Pratinjau', exact: true }).click()
  const panel = page.getByRole('region', { name: 'Bagikan Pratinjau' })
  await panel.getByRole('alert').filter({ hasText: 'Dokumen yang dikecualikan tidak dapat dibagikan' }).waitFor()
  expect(await page.getByLabel('Tautan pratinjau', { exact: true }).count()).toBe(0)
  expect(await page.settled()).toEqual([])
})
