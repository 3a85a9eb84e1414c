import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** A 1x1 PNG, enough for the image pipeline (sniffed and re-encoded by sharp). */
export const PNG = {
  name: 'pixel.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
}

/**
 * Waits for a toast with exactly this text. A save with a picture re-encodes it on a server the whole run shares, so
 * the wait allows for a loaded machine; when no such toast comes, the error says what the page shows instead.
 */
export async function toast(page: Page, text: string) {
  try {
    await page.getByRole('status').filter({ hasText: text }).first().waitFor({ timeout: 20_000 })
  } catch (error) {
    const shown = await page
      .locator('[role="status"], [role="alert"]')
      .allTextContents()
      .catch(() => [])
    const texts = shown.map((line) => line.trim()).filter(Boolean)
    throw new Error(`no toast "${text}" on ${page.url()}; the page shows ${JSON.stringify(texts.slice(0, 10))}`, {
      cause: error,
    })
  }
}

/** Searches the list (Enter) and waits for the address to carry it. */
export async function search(page: Page, term: string) {
  const box = page.getByRole('searchbox', { name: 'Search' })
  await box.fill(term)
  await box.press('Enter')
  await page.waitForURL((url) => url.searchParams.get('search') === term)
  await page.getByText('Loading Data...').waitFor({ state: 'detached' })
}

/** Deletes the row through the confirmation dialog and waits for the success toast. */
export async function deleteRow(page: Page, rowLabel: string, thing: string) {
  await page.getByRole('button', { name: `Delete ${rowLabel}` }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.waitFor()
  expect(await dialog.textContent()).toContain(`Are you sure you want to delete this ${thing}?`)
  await dialog.getByRole('button', { name: 'Yes, delete' }).click()
  await toast(page, `${thing.charAt(0).toUpperCase()}${thing.slice(1)} deleted successfully!`)
  await page.getByRole('button', { name: `Delete ${rowLabel}` }).waitFor({ state: 'detached' })
}

/** Types into a Quill editor once it has loaded. */
export async function typeRichText(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
}

/** The value of a labelled field. */
export const valueOf = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue()
