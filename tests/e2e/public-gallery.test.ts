import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, useBrowser } from '../support/browser'
import { shown, titled, useContent } from './public-fixtures'

const { newPage } = useBrowser()
const content = useContent()

// Newest first: the list shows Tiga, Dua, Satu.
const CAPTIONS = ['Satu', 'Dua', 'Tiga']

beforeAll(async () => {
  for (const name of CAPTIONS)
    await content.photo(`${content.tag} Foto ${name}`, `Keterangan foto ${name.toLowerCase()}`)
})

const caption = (name: string) => `${content.tag} Foto ${name}`
const viewer = (page: Page) => page.getByRole('dialog')

async function openGallery(page: Page) {
  await page.goto(`/photos?search=${encodeURIComponent(content.tag)}`)
  await titled(page, 'Galeri - Desa Uji Coba')
  await shown(page.getByRole('button', { name: new RegExp(caption('Tiga')) }))
}

async function expectShowing(page: Page, name: string, counter: string) {
  const dialog = viewer(page)
  await shown(dialog.getByRole('heading', { name: caption(name) }))
  await shown(dialog.getByText(`Keterangan foto ${name.toLowerCase()}`, { exact: true }))
  await shown(dialog.getByRole('img', { name: caption(name) }))
  await shown(dialog.getByText(counter, { exact: true }))
}

describe('gallery', () => {
  it('tiles show caption and description on hover and on keyboard focus', async () => {
    const page = await newPage({ viewport: DESKTOP })
    await openGallery(page)
    const tile = page.getByRole('button', { name: new RegExp(caption('Dua')) })
    const text = tile.getByText('Keterangan foto dua', { exact: true })
    const opacity = () => text.evaluate((el) => Number(getComputedStyle(el.parentElement!).opacity))
    expect(await opacity()).toBe(0)
    await tile.hover()
    await expect.poll(opacity).toBe(1)
    await page.mouse.move(0, 0)
    await expect.poll(opacity).toBe(0)
    // Keyboard: focus the tile by tabbing from the search box.
    await page.getByRole('main').getByRole('searchbox', { name: 'Cari foto' }).focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await tile.evaluate((el) => el === document.activeElement)).toBe(true)
    await expect.poll(opacity).toBe(1)
    expect(await page.settled()).toEqual([])
  })

  it(
    'opens the viewer by click, Enter or Space; counter, previous/next and arrow keys wrap; ' +
      'Escape closes and returns focus',
    async () => {
      const page = await newPage({ viewport: DESKTOP })
      await openGallery(page)
      const first = page.getByRole('button', { name: new RegExp(caption('Tiga')) })
      await first.click()
      await expectShowing(page, 'Tiga', '1 / 3')
      expect(await page.evaluate(() => document.activeElement?.closest('[role=dialog]') !== null)).toBe(true)
      await viewer(page).getByRole('button', { name: 'Foto berikutnya' }).click()
      await expectShowing(page, 'Dua', '2 / 3')
      await viewer(page).getByRole('button', { name: 'Foto berikutnya' }).click()
      await expectShowing(page, 'Satu', '3 / 3')
      // Wraps forward past the last...
      await viewer(page).getByRole('button', { name: 'Foto berikutnya' }).click()
      await expectShowing(page, 'Tiga', '1 / 3')
      // ...and back past the first.
      await viewer(page).getByRole('button', { name: 'Foto sebelumnya' }).click()
      await expectShowing(page, 'Satu', '3 / 3')
      await page.keyboard.press('ArrowRight')
      await expectShowing(page, 'Tiga', '1 / 3')
      await page.keyboard.press('ArrowLeft')
      await expectShowing(page, 'Satu', '3 / 3')
      // Focus stays inside the viewer.
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab')
        expect(await page.evaluate(() => document.activeElement?.closest('[role=dialog]') !== null)).toBe(true)
      }
      await page.keyboard.press('Shift+Tab')
      expect(await page.evaluate(() => document.activeElement?.closest('[role=dialog]') !== null)).toBe(true)
      await page.keyboard.press('Escape')
      await viewer(page).waitFor({ state: 'detached' })
      expect(await first.evaluate((el) => el === document.activeElement)).toBe(true)

      // Enter and Space on a focused tile open it too.
      const second = page.getByRole('button', { name: new RegExp(caption('Dua')) })
      await second.focus()
      await page.keyboard.press('Enter')
      await expectShowing(page, 'Dua', '2 / 3')
      await viewer(page).getByRole('button', { name: 'Tutup' }).click()
      await viewer(page).waitFor({ state: 'detached' })
      expect(await second.evaluate((el) => el === document.activeElement)).toBe(true)
      await page.keyboard.press('Space')
      await expectShowing(page, 'Dua', '2 / 3')
      await page.keyboard.press('Escape')
      await viewer(page).waitFor({ state: 'detached' })
      expect(await page.settled()).toEqual([])
    },
  )

  it('works full-screen on a phone', async () => {
    const page = await newPage({ viewport: PHONE, isMobile: true })
    await openGallery(page)
    // No hover on touch screens: the caption is in the tile's name and the viewer shows it.
    await page.getByRole('button', { name: new RegExp(caption('Satu')) }).tap()
    await expectShowing(page, 'Satu', '3 / 3')
    const box = (await viewer(page).boundingBox())!
    expect(box.width).toBe(PHONE.width)
    expect(box.height).toBe(PHONE.height)
    await viewer(page).getByRole('button', { name: 'Foto berikutnya' }).tap()
    await expectShowing(page, 'Tiga', '1 / 3')
    await viewer(page).getByRole('button', { name: 'Tutup' }).tap()
    await viewer(page).waitFor({ state: 'detached' })
    expect(await page.settled()).toEqual([])
  })
})
