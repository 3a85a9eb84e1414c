import type { BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, login, unique } from '../support/api'
import { axe } from '../support/axe'
import { DESKTOP, useBrowser, watchErrors } from '../support/browser'
import { startServer, type TestServer } from '../support/server'
import { shown } from './public-fixtures'

// The announcement banner (docs/api.md "Announcements") in Chromium, on a server of this file's own (a banner showing
// on the shared server would be on every other file's pages): above the content of every public page, readable and
// closable on a phone, the closing remembered by the browser (localStorage, never a cookie) through a reload.

const { browser } = useBrowser()
const PHONE_360 = { width: 360, height: 740 }
let server: TestServer
let token: string
const contexts: BrowserContext[] = []

beforeAll(async () => {
  server = await startServer()
  token = await login('admin', 'password', server.url)
}, 90_000)

afterAll(async () => {
  for (const context of contexts) await context.close()
  await server?.stop()
})

async function visitor(viewport = PHONE_360) {
  const context = await browser().newContext({
    baseURL: server.url,
    viewport,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  })
  contexts.push(context)
  return { context, page: watchErrors(await context.newPage()) }
}

async function announce(title: string) {
  const result = await api('POST', '/api/admin/announcements', {
    token,
    base: server.url,
    json: { title, content: '<p>Harap waspada.</p>', starts_at: new Date(Date.now() - 60_000).toISOString() },
  })
  if (result.status !== 201) throw new Error(result.text)
  return result.body.data as { id: number; title: string; starts_at: string }
}

describe('the announcement banner', () => {
  it(
    'shows above every public page, closes on a phone, ' + 'and stays closed after a reload, without a cookie',
    async () => {
      const flood = await announce(unique('Peringatan Banjir Sungai Citarum '))
      const { context, page } = await visitor()
      await page.goto('/')
      const banner = page.getByRole('region', { name: 'Pengumuman' })
      await shown(banner)
      const link = banner.getByRole('link', { name: flood.title })
      expect(await link.getAttribute('href')).toBe(`/pengumuman/${flood.id}`)
      // Readable on the phone: inside the screen, the page no wider than it.
      const box = (await banner.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(360)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
      expect(await axe(page), 'with the banner').toEqual([])
      // Above the content of every public page.
      for (const path of ['/posts', '/agenda', '/statistik', `/pengumuman/${flood.id}`]) {
        await page.goto(path)
        await shown(page.getByRole('region', { name: 'Pengumuman' }).getByRole('link', { name: flood.title }))
      }

      await page.goto('/')
      await banner.getByRole('button', { name: `Tutup pengumuman: ${flood.title}` }).tap()
      await banner.waitFor({ state: 'hidden' })
      await page.reload()
      // Hidden before the page is ever shown: the markup is there, hidden by the page's own early script.
      await page.getByRole('heading', { name: 'Berita Terbaru' }).waitFor()
      expect(await page.locator('#pengumuman-tayang').getAttribute('hidden')).not.toBeNull()
      expect(await banner.isVisible()).toBe(false)
      await page.goto('/agenda')
      await page.getByRole('heading', { level: 1, name: 'Agenda Desa' }).waitFor()
      expect(await banner.isVisible()).toBe(false)
      expect(await context.cookies()).toEqual([])
      expect(await page.evaluate(() => Object.keys(localStorage))).toContain('balai-desa:pengumuman-ditutup')

      // Another announcement shows; the closed one stays closed. Another browser still sees both.
      const water = await announce(unique('Pemadaman Air '))
      await page.goto('/')
      await shown(banner.getByRole('link', { name: water.title }))
      expect(await banner.getByRole('link', { name: flood.title }).isVisible()).toBe(false)
      const other = await visitor(DESKTOP)
      await other.page.goto('/')
      const otherBanner = other.page.getByRole('region', { name: 'Pengumuman' })
      await shown(otherBanner.getByRole('link', { name: flood.title }))
      await shown(otherBanner.getByRole('link', { name: water.title }))
      await otherBanner.getByRole('link', { name: water.title }).click()
      await other.page.waitForURL(`**/pengumuman/${water.id}`)
      await shown(other.page.getByRole('heading', { level: 1, name: water.title }))

      // An edited announcement is news again.
      const edited = `${flood.title} Diperbarui`
      const update = await api('PUT', `/api/admin/announcements/${flood.id}`, {
        token,
        base: server.url,
        json: { title: edited, starts_at: flood.starts_at },
      })
      expect(update.status).toBe(200)
      await page.goto('/')
      await shown(banner.getByRole('link', { name: edited }))
      expect(await page.settled()).toEqual([])
      expect(await other.page.settled()).toEqual([])
    },
  )
})
