import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, useBrowser } from '../support/browser'
import { shown, titled } from './public-fixtures'

const { newPage } = useBrowser()

/** The number (1-based) of the slide whose dot is marked current. */
async function currentSlide(page: Page): Promise<number> {
  const dots = page.getByRole('button', { name: /^Ke slide \d+$/ })
  const count = await dots.count()
  for (let i = 0; i < count; i++) {
    if ((await dots.nth(i).getAttribute('aria-current')) === 'true') return i + 1
  }
  return 0
}

async function waitForSlide(page: Page, slide: number, timeout = 2000) {
  const deadline = Date.now() + timeout
  while (Date.now() < deadline) {
    if ((await currentSlide(page)) === slide) {
      // Let the 300 ms slide transition finish: Swiper's loop mode ignores clicks made during it.
      await page.waitForTimeout(400)
      return
    }
    await page.waitForTimeout(100)
  }
  throw new Error(`slide ${slide} expected, slide ${await currentSlide(page)} is current`)
}

/** Geometry of a carousel: how many cards fit its width, and the title of the card at its left edge. */
function carousel(section: Locator) {
  return {
    /** Resolves once Swiper has started on the section (its A11y module marks each slide a group of its own). */
    ready: () => section.locator('.swiper.swiper-initialized [role="group"]').nth(1).waitFor(),
    perView: () =>
      section.evaluate((el) => {
        const swiper = el.querySelector('.swiper')!
        const slides = Array.from(swiper.querySelectorAll<HTMLElement>('[role="group"]'))
        const boxes = slides.map((slide) => slide.getBoundingClientRect()).sort((a, b) => a.left - b.left)
        const step = boxes[1].left - boxes[0].left
        const gap = step - boxes[0].width
        return (swiper.getBoundingClientRect().width + gap) / step
      }),
    first: () =>
      section.evaluate((el) => {
        const swiper = el.querySelector('.swiper')!
        const left = swiper.getBoundingClientRect().left
        const slides = Array.from(swiper.querySelectorAll<HTMLElement>('[role="group"]'))
        return (
          slides.find((slide) => Math.abs(slide.getBoundingClientRect().left - left) < 2)?.querySelector('h3')
            ?.textContent ?? null
        )
      }),
    count: () => section.getByRole('group').count(),
    /** Resolves once Swiper has finished moving (a click made during a transition is ignored in loop mode). */
    settled: () =>
      section.evaluate(
        (el) =>
          new Promise<void>((resolve) => {
            const swiper = (el.querySelector('.swiper') as HTMLElement & { swiper?: { animating: boolean } }).swiper!
            let calm = 0
            const check = () => {
              calm = swiper.animating ? 0 : calm + 1
              if (calm >= 3) resolve()
              else setTimeout(check, 50)
            }
            setTimeout(check, 50)
          }),
      ),
  }
}

describe('home page at desktop width', () => {
  it('has its title, the welcome heading and its sections', async () => {
    const page = await newPage({ viewport: DESKTOP })
    await page.goto('/')
    await titled(page, 'Selamat Datang - Desa Uji Coba')
    await shown(page.getByRole('heading', { level: 1, name: 'Selamat Datang di Desa Uji Coba' }))
    await shown(page.getByRole('region', { name: 'Produk Desa' }))
    await shown(page.getByRole('region', { name: 'Berita Terbaru' }))
    await shown(page.getByRole('region', { name: 'Aparatur Desa' }))
    // Every picture declares its size, so nothing jumps while it loads; those below the fold wait.
    const images = await page.locator('main img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        alt: img.getAttribute('alt'),
        top: img.getBoundingClientRect().top,
      })),
    )
    expect(images.length).toBeGreaterThan(5)
    for (const image of images) {
      expect(Number(image.width)).toBeGreaterThan(0)
      expect(Number(image.height)).toBeGreaterThan(0)
      expect(image.alt).toBeTruthy()
    }
    expect(images.filter((image) => image.top > DESKTOP.height * 1.5).every((image) => image.loading === 'lazy')).toBe(
      true,
    )
    expect(await page.settled()).toEqual([])
  })

  it('slider advances every 5 seconds, pauses while hovered, and has previous, next and dots that wrap', async () => {
    const page = await newPage({ viewport: DESKTOP })
    await page.goto('/')
    const slider = page.getByRole('region', { name: 'Sorotan' })
    const dots = slider.getByRole('button', { name: /^Ke slide \d+$/ })
    await shown(dots.first())
    const total = await dots.count()
    expect(total).toBeGreaterThanOrEqual(2)
    expect(await currentSlide(page)).toBe(1)
    // Autoplay: the slides move on by themselves, 5 s apart (timed in the page, between two changes, so the
    // moment Swiper started does not matter).
    const changes = await slider.evaluate(
      (el) =>
        new Promise<number[]>((resolve) => {
          const times: number[] = []
          const observer = new MutationObserver((records) => {
            if (!records.some((record) => (record.target as Element).getAttribute('aria-current') === 'true')) return
            times.push(performance.now())
            if (times.length === 2) {
              observer.disconnect()
              resolve(times)
            }
          })
          for (const dot of el.querySelectorAll('[aria-label^="Ke slide"]'))
            observer.observe(dot, { attributes: true, attributeFilter: ['aria-current'] })
        }),
    )
    expect(changes[1] - changes[0]).toBeGreaterThan(4500)
    expect(changes[1] - changes[0]).toBeLessThan(6500)
    await waitForSlide(page, await currentSlide(page))
    await dots.nth(1).click()
    await waitForSlide(page, 2)

    // Next, previous, and wrapping at both ends.
    await slider.getByRole('button', { name: 'Slide sebelumnya' }).click()
    await waitForSlide(page, 1)
    await slider.getByRole('button', { name: 'Slide sebelumnya' }).click()
    await waitForSlide(page, total)
    await slider.getByRole('button', { name: 'Slide berikutnya' }).click()
    await waitForSlide(page, 1)
    // Dots jump to their slide.
    await dots.nth(total - 1).click()
    await waitForSlide(page, total)

    // Hovering pauses the autoplay.
    await dots.first().click()
    await waitForSlide(page, 1)
    await slider.hover({ position: { x: 300, y: 150 } })
    await page.waitForTimeout(6500)
    expect(await currentSlide(page)).toBe(1)
    // Leaving the slider lets it run again.
    await page.mouse.move(5, DESKTOP.height - 5)
    await waitForSlide(page, 2, 7000)
    expect(await page.settled()).toEqual([])
  }, 60_000)

  it('product and official carousels show 4 per view and wrap around', async () => {
    const page = await newPage({ viewport: DESKTOP })
    await page.goto('/')
    for (const [name, label] of [
      ['Produk Desa', 'Produk'],
      ['Aparatur Desa', 'Aparatur'],
    ] as const) {
      const section = page.getByRole('region', { name })
      const cards = carousel(section)
      await shown(section.getByRole('button', { name: `${label} berikutnya` }))
      await cards.ready()
      expect(await cards.perView()).toBeCloseTo(4, 1)
      const count = await cards.count()
      const first = await cards.first()
      expect(first).toBeTruthy()
      // Going back from the first card wraps to the last one...
      await section.getByRole('button', { name: `${label} sebelumnya` }).click()
      await cards.settled()
      expect(await cards.first()).not.toBe(first)
      await section.getByRole('button', { name: `${label} berikutnya` }).click()
      await cards.settled()
      expect(await cards.first()).toBe(first)
      // ...and going forward past the last card comes round to the first again.
      for (let i = 0; i < count; i++) {
        await section.getByRole('button', { name: `${label} berikutnya` }).click()
        await cards.settled()
      }
      expect(await cards.first()).toBe(first)
    }
    // Cards link to their detail screens.
    const product = page.getByRole('region', { name: 'Produk Desa' }).getByRole('link').filter({ hasText: /\w/ })
    expect(await product.first().getAttribute('href')).toMatch(/^\/products(\/[\w-]+)?$/)
    expect(
      await page
        .getByRole('region', { name: 'Aparatur Desa' })
        .getByRole('link', { name: 'Lihat Semua Aparatur' })
        .getAttribute('href'),
    ).toBe('/aparaturs')
    expect(await page.settled()).toEqual([])
  }, 30_000)

  it('shows the latest news in a 3-column grid with a link to all news at /berita', async () => {
    const page = await newPage({ viewport: DESKTOP })
    await page.goto('/')
    const news = page.getByRole('list', { name: 'Berita terbaru' }).getByRole('listitem')
    await shown(news.first())
    expect(await news.count()).toBe(6)
    const tops = await news.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)))
    expect(tops[0]).toBe(tops[1])
    expect(tops[1]).toBe(tops[2])
    expect(tops[3]).toBeGreaterThan(tops[2])
    const link = page.getByRole('link', { name: 'Lihat Semua Berita' })
    expect(await link.getAttribute('href')).toBe('/berita')
    await link.click()
    await page.waitForURL((url) => url.pathname === '/berita')
    await shown(page.getByRole('heading', { level: 1, name: 'Berita Desa' }))
    await titled(page, 'Berita - Desa Uji Coba')
  })
})

describe('home page at phone width', () => {
  it('shows 1.2 cards per view, one news column, and a working slider', async () => {
    const page = await newPage({ viewport: PHONE, isMobile: true })
    await page.goto('/')
    for (const name of ['Produk Desa', 'Aparatur Desa']) {
      const cards = carousel(page.getByRole('region', { name }))
      await shown(page.getByRole('region', { name }).getByRole('group').first())
      expect(await cards.perView()).toBeCloseTo(1.2, 1)
    }
    const news = page.getByRole('list', { name: 'Berita terbaru' }).getByRole('listitem')
    const tops = await news.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)))
    expect(new Set(tops).size).toBe(tops.length)
    const slider = page.getByRole('region', { name: 'Sorotan' })
    await slider.getByRole('button', { name: 'Slide berikutnya' }).click()
    await waitForSlide(page, 2)
    await slider.getByRole('button', { name: 'Ke slide 1' }).click()
    await waitForSlide(page, 1)
    expect(await page.settled()).toEqual([])
  })
})
