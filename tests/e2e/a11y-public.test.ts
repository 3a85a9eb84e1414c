import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axe, seriousViolations } from '../support/axe'
import { DESKTOP, PHONE, useBrowser } from '../support/browser'
import { shown, useContent } from './public-fixtures'

const { newPage } = useBrowser()
const content = useContent()

let post: any
let product: any
let villagePage: any
let person: any

beforeAll(async () => {
  post = await content.post({
    title: `Posyandu Balita ${content.tag}`,
    content: '<p>Penimbangan balita setiap bulan di balai desa.</p><h2>Jadwal</h2><ul><li>Senin</li></ul>',
  })
  product = await content.product({ title: `Madu Hutan ${content.tag}`, price: 120000 })
  villagePage = await content.page(
    `Letak Geografis ${content.tag}`,
    '<p>Desa berada di ketinggian 700 meter.</p><p><a href="https://example.org">Peta</a></p>',
  )
  person = await content.aparatur({
    name: `Dewi Lestari ${content.tag}`,
    position: 'Bendahara Desa',
    description: '<p>Mengelola keuangan desa.</p>',
  })
  await content.photo(`Pasar Desa ${content.tag}`, 'Suasana pasar pagi hari')
  await content.photo(`Sawah ${content.tag}`, 'Hamparan padi menguning')
})

const screens = () => [
  '/',
  '/pages',
  `/pages/${villagePage.slug}`,
  '/aparaturs',
  `/aparaturs/${person.id}`,
  '/posts',
  `/posts/${post.slug}`,
  '/berita',
  '/products',
  `/products/${product.slug}`,
  '/photos',
  '/privacy',
  '/terms',
  `/posts?search=tidak-ada-${content.tag}`,
  `/posts/tidak-ada-${content.tag}`,
  '/login',
]

/** Issue 8 asks for no serious or critical violation; the public screens meet axe in full (moderate and minor too). */
async function expectAccessible(page: Page, label: string) {
  expect(await axe(page), label).toEqual([])
}

describe('axe finds no violation at all', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'on every public screen (%s)',
    async (_name, viewport) => {
      const page = await newPage({ viewport })
      for (const path of screens()) {
        await page.goto(path)
        await expectAccessible(page, `${path} at ${viewport.width}px`)
      }
      expect((await page.settled()).filter((error) => !error.includes('404'))).toEqual([])
    },
    240_000,
  )

  it('with the drawer, the product seller tab and the gallery viewer open', async () => {
    const phone = await newPage({ viewport: PHONE })
    await phone.goto('/')
    await phone.getByRole('button', { name: 'Buka menu' }).click()
    await shown(phone.getByRole('dialog'))
    await expectAccessible(phone, 'drawer')

    const page = await newPage()
    await page.goto(`/products/${product.slug}`)
    await page.getByRole('tab', { name: 'Info Penjual' }).click()
    await shown(page.getByRole('tabpanel').getByText('Penjual Uji'))
    await expectAccessible(page, 'seller tab')

    await page.goto(`/photos?search=${encodeURIComponent(content.tag)}`)
    await page.getByRole('button', { name: new RegExp(`Pasar Desa ${content.tag}`) }).click()
    await shown(page.getByRole('dialog'))
    await expectAccessible(page, 'gallery viewer')
  }, 120_000)
})

describe('the axe check itself', () => {
  it('reports a picture without alternative text and text below AA contrast', async () => {
    const page = await newPage()
    await page.goto('/privacy')
    expect(await seriousViolations(page)).toEqual([])
    await page.evaluate(() => {
      const main = document.querySelector('main')!
      const image = document.createElement('img')
      image.src = '/icon-192.png'
      const faint = document.createElement('p')
      faint.textContent = 'Teks pucat'
      faint.style.color = '#d1d5db'
      faint.style.background = '#ffffff'
      main.append(image, faint)
    })
    const ids = (await seriousViolations(page)).map((violation) => violation.id)
    expect(ids).toEqual(expect.arrayContaining(['image-alt', 'color-contrast']))
  })
})

describe('keyboard alone', () => {
  it('the first Tab reaches a visible skip link that jumps to the content', async () => {
    const page = await newPage()
    await page.goto(`/posts/${post.slug}`)
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Langsung ke konten' })
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await skip.isVisible()).toBe(true)
    const box = await skip.boundingBox()
    expect(box!.width).toBeGreaterThan(20)
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => location.hash === '#konten')
    // The next Tab starts inside the main content, not in the header.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true)
  })

  it('shows where the focus is on every control reached by Tab', async () => {
    for (const path of ['/', `/products/${product.slug}`, '/photos']) {
      const page = await newPage()
      await page.goto(path)
      const seen = new Set<string>()
      for (let step = 0; step < 40; step++) {
        await page.keyboard.press('Tab')
        const focus = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null
          if (!element || element === document.body) return null
          const style = getComputedStyle(element)
          const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
          const ring = style.boxShadow !== 'none' && style.boxShadow !== ''
          const label =
            `${element.tagName} ` +
            `${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? ''}`
          return { label, visible: outline || ring, inView: element.getClientRects().length > 0 }
        })
        if (!focus) continue
        seen.add(focus.label)
        expect(focus.visible, `${path}: focus ring on ${focus.label}`).toBe(true)
        expect(focus.inView, `${path}: ${focus.label} is rendered`).toBe(true)
      }
      expect(seen.size, path).toBeGreaterThan(5)
    }
  }, 120_000)

  it('opens and closes the drawer menu, keeping focus inside while open', async () => {
    const page = await newPage({ viewport: PHONE })
    await page.goto('/')
    const opener = page.getByRole('button', { name: 'Buka menu' })
    await opener.focus()
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog')
    await shown(drawer)
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true)
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press('Tab')
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))),
        `Tab ${step + 1} stays in the drawer`,
      ).toBe(true)
    }
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true)
    // Choosing an entry with Enter navigates.
    await page.keyboard.press('Enter')
    await shown(drawer)
    await drawer.getByRole('link', { name: 'Produk Desa' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL('**/products')
  })

  it('works the gallery viewer: Enter or Space opens, arrows and buttons move, Escape closes', async () => {
    const page = await newPage()
    await page.goto(`/photos?search=${encodeURIComponent(content.tag)}`)
    const tile = page.getByRole('button', { name: new RegExp(`Sawah ${content.tag}`) })
    await tile.focus()
    await page.keyboard.press('Enter')
    const viewer = page.getByRole('dialog')
    await shown(viewer)
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true)
    await shown(viewer.getByText('1 / 2'))
    await page.keyboard.press('ArrowRight')
    await shown(viewer.getByText('2 / 2'))
    await shown(viewer.getByText(`Pasar Desa ${content.tag}`))
    // The buttons are reachable by Tab and work with Enter.
    const next = viewer.getByRole('button', { name: /berikut|selanjutnya|next/i })
    await next.focus()
    await page.keyboard.press('Enter')
    await shown(viewer.getByText('1 / 2'))
    await page.keyboard.press('Escape')
    await viewer.waitFor({ state: 'hidden' })
    expect(await tile.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Space')
    await shown(viewer)
    await page.keyboard.press('Escape')
  })

  it('switches the product tabs with the keyboard', async () => {
    const page = await newPage()
    await page.goto(`/products/${product.slug}`)
    const details = page.getByRole('tab', { name: 'Detail Produk' })
    await details.focus()
    expect(await details.getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('ArrowRight')
    const seller = page.getByRole('tab', { name: 'Info Penjual' })
    await page.keyboard.press('Enter')
    await shown(page.getByRole('tabpanel').getByText('Penjual Uji'))
    expect(await seller.getAttribute('aria-selected')).toBe('true')
  })
})

describe('images and fields', () => {
  it('every picture has a meaningful alternative text (caption, title or name)', async () => {
    const page = await newPage()
    const names = new Map<string, string>([
      [`/posts/${post.slug}`, post.title],
      [`/products/${product.slug}`, product.title],
      [`/aparaturs/${person.id}`, person.name],
      [`/photos?search=${encodeURIComponent(content.tag)}`, `Sawah ${content.tag}`],
    ])
    for (const path of ['/', '/posts', '/products', '/aparaturs', '/photos', ...names.keys()]) {
      await page.goto(path)
      const images = await page.evaluate(() =>
        Array.from(document.querySelectorAll('img')).map((image) => ({
          src: image.getAttribute('src') ?? '',
          alt: image.getAttribute('alt'),
          hidden: Boolean(image.closest('[aria-hidden="true"]')),
        })),
      )
      for (const image of images) {
        if (image.hidden) continue
        expect(image.alt, `${path} ${image.src}`).not.toBeNull()
        expect(image.alt!.trim().length, `${path} ${image.src}`).toBeGreaterThan(2)
        // Not a file name.
        expect(image.alt, `${path} ${image.src}`).not.toMatch(/\.(jpe?g|png|gif|webp)$/i)
      }
      const expected = names.get(path)
      if (expected)
        expect(
          images.map((image) => image.alt),
          path,
        ).toContain(expected)
    }
  }, 120_000)

  it('every search box has a label', async () => {
    const page = await newPage()
    for (const [path, name] of [
      ['/posts', 'Cari berita'],
      ['/products', 'Cari produk'],
      ['/photos', 'Cari foto'],
    ] as const) {
      await page.goto(path)
      await shown(page.getByRole('main').getByRole('searchbox', { name: new RegExp(name, 'i') }))
      await shown(page.getByRole('banner').getByRole('searchbox', { name: 'Cari informasi' }))
    }
  })
})
