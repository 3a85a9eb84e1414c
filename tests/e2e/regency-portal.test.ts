import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DESKTOP, launchBrowser, PHONE, watchErrors } from '../support/browser'
import { regencyClient } from '../support/regency'
import { startServer, type TestServer } from '../support/server'

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 })

/**
 * The regency portal in Chromium (docs/api.md "Many villages in one install"): `/` lists the active villages with their
 * newest post, `/berita` the news of all of them together (searchable), `/rss.xml` the same as a feed; every link goes
 * to the village's own host. REGENCY_HOST is `localhost`, so Chromium reaches `{slug}.localhost` by itself.
 */

const REGENCY = 'localhost'
let server: TestServer
let browser: Browser
const { call, host, loginAt, newPost, newVillage } = regencyClient(() => server, REGENCY)
const origin = (site: string) => `http://${site}:${server.port}`

async function openPage(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, locale: 'id-ID', timezoneId: 'Asia/Jakarta' })
  return watchErrors(await context.newPage())
}

describe('regency portal', () => {
  let sukamaju: Awaited<ReturnType<typeof newVillage>>
  let mekarsari: Awaited<ReturnType<typeof newVillage>>
  let panen: { slug: string }
  let posyandu: { slug: string }

  beforeAll(async () => {
    ;[server, browser] = await Promise.all([
      startServer({ env: { REGENCY_HOST: REGENCY, TRUST_PROXY: '0', SITE_URL: undefined } }),
      launchBrowser(),
    ])
    const regencyToken = await loginAt(REGENCY, 'kabupaten', 'password')
    sukamaju = await newVillage(regencyToken, 'sukamaju', 'Desa Sukamaju')
    mekarsari = await newVillage(regencyToken, 'mekarsari', 'Desa Mekarsari')
    const tenggara = await newVillage(regencyToken, 'tenggara', 'Desa Tenggara')
    panen = await newPost(host('sukamaju'), sukamaju.token, 'Panen Raya Sukamaju')
    posyandu = await newPost(host('mekarsari'), mekarsari.token, 'Posyandu Balita Mekarsari')
    await newPost(host('tenggara'), tenggara.token, 'Kabar Tenggara Yang Ditangguhkan')
    const suspended = await call(REGENCY, 'PUT', `/api/regency/villages/${tenggara.village.id}`, {
      token: regencyToken,
      json: { status: 'suspended' },
    })
    expect(suspended.status, suspended.text).toBe(200)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('lists the active villages with their newest post, each linking to its own host', async () => {
    const page = await openPage()
    await page.goto(`${origin(REGENCY)}/`)
    expect(await page.title()).toBe('Portal Desa - Pemerintah Kabupaten')
    await page.getByRole('heading', { level: 1, name: 'Desa di Pemerintah Kabupaten' }).waitFor()
    const list = page.getByRole('list', { name: 'Daftar desa' })
    const names = await list.getByRole('heading', { level: 2 }).allTextContents()
    expect(names).toEqual(['Desa Mekarsari', 'Desa Sukamaju'])
    expect(await list.getByRole('link', { name: 'Desa Sukamaju' }).getAttribute('href')).toBe(
      `${origin(host('sukamaju'))}/`,
    )
    // No village's menu: the portal's own.
    const menu = page.getByRole('navigation', { name: 'Menu utama' })
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Desa', 'Berita', 'Data', 'Masuk'])
    // The newest post opens on the village's own site.
    await list.getByRole('link', { name: 'Panen Raya Sukamaju' }).click()
    await page.waitForURL(`${origin(host('sukamaju'))}/posts/${panen.slug}`)
    await page.getByRole('heading', { level: 1, name: 'Panen Raya Sukamaju' }).waitFor()
    expect(await page.settled()).toEqual([])
  })

  it('gives the news of every active village together, searchable, each item on its village host', async () => {
    const page = await openPage()
    await page.goto(`${origin(REGENCY)}/berita`)
    expect(await page.title()).toBe('Berita Desa - Pemerintah Kabupaten')
    const list = page.getByRole('list', { name: 'Daftar berita' })
    await list.waitFor()
    const titles = await list.getByRole('heading', { level: 2 }).allTextContents()
    expect(titles).toEqual(expect.arrayContaining(['Panen Raya Sukamaju', 'Posyandu Balita Mekarsari']))
    expect(titles).not.toContain('Kabar Tenggara Yang Ditangguhkan')
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Cari berita' })
    await box.fill('Posyandu')
    await box.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('search') === 'Posyandu')
    await expect
      .poll(() => list.getByRole('heading', { level: 2 }).allTextContents())
      .toEqual(['Posyandu Balita Mekarsari'])
    const item = list.getByRole('listitem')
    expect(await item.getByRole('link', { name: 'Desa Mekarsari' }).getAttribute('href')).toBe(
      `${origin(host('mekarsari'))}/`,
    )
    expect(await item.getByRole('link', { name: 'Posyandu Balita Mekarsari' }).getAttribute('href')).toBe(
      `${origin(host('mekarsari'))}/posts/${posyandu.slug}`,
    )
    await box.fill('tidak-ada-di-desa-mana-pun')
    await box.press('Enter')
    await page.getByText('Tidak ada berita yang ditemukan.').waitFor()
    expect(await page.settled()).toEqual([])
  })

  it('shows a village post from the next request on, in the portal, its news and its feed', async () => {
    const page = await openPage(PHONE)
    await page.goto(`${origin(REGENCY)}/berita`)
    await page.getByRole('list', { name: 'Daftar berita' }).waitFor()
    expect(await page.getByText('Gotong Royong Sukamaju').count()).toBe(0)
    await newPost(host('sukamaju'), sukamaju.token, 'Gotong Royong Sukamaju')
    await page.reload()
    await page.getByRole('link', { name: 'Gotong Royong Sukamaju' }).waitFor()
    await page.goto(`${origin(REGENCY)}/`)
    await page.getByRole('link', { name: 'Gotong Royong Sukamaju' }).waitFor()
    const feed = await call(REGENCY, 'GET', '/rss.xml')
    expect(feed.status).toBe(200)
    expect(feed.headers['content-type']).toContain('application/rss+xml')
    expect(feed.text).toContain('<title>Gotong Royong Sukamaju</title>')
    expect(feed.text).toContain(`<link>${origin(host('mekarsari'))}/posts/${posyandu.slug}</link>`)
    expect(feed.text).toContain('<dc:creator>Desa Mekarsari</dc:creator>')
    expect(feed.text).not.toContain('Tenggara')
    expect(await page.settled()).toEqual([])
  })

  it("leaves each village's own home, news and feed its own", async () => {
    const page = await openPage()
    await page.goto(`${origin(host('mekarsari'))}/`)
    await page.getByRole('heading', { level: 1, name: 'Selamat Datang di Desa Mekarsari' }).waitFor()
    await page.goto(`${origin(host('mekarsari'))}/berita`)
    const list = page.getByRole('list', { name: 'Daftar berita' })
    await list.waitFor()
    expect(await list.getByRole('heading', { name: 'Posyandu Balita Mekarsari' }).count()).toBe(1)
    expect(await list.getByRole('heading', { name: 'Panen Raya Sukamaju' }).count()).toBe(0)
    const feed = await call(host('mekarsari'), 'GET', '/rss.xml')
    expect(feed.text).toContain('Posyandu Balita Mekarsari')
    expect(feed.text).not.toContain('Sukamaju')
    // The suspended village's host answers 503 and the portal does not list it.
    expect((await call(host('tenggara'), 'GET', '/')).status).toBe(503)
    expect(await page.settled()).toEqual([])
  })
})
