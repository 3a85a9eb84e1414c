import fs from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, launchBrowser, watchErrors } from '../support/browser'
import { startServer, type TestServer } from '../support/server'

// Chromium treats localhost and 127.0.0.1 as secure even over HTTP; a village server is reached by a LAN name or
// address, which it does not. `desa.lan` is resolved to this machine, so the browser sees a plain-HTTP site.
const HOST = 'desa.lan'

describe('a production server on plain HTTP in the village LAN (npm start, no TLS proxy)', () => {
  let server: TestServer
  let browser: Browser

  beforeAll(async () => {
    server = await startServer({
      env: { NODE_ENV: undefined, JWT_SECRET: undefined, TRUST_PROXY: undefined, SITE_URL: undefined },
    })
    browser = await launchBrowser([`--host-resolver-rules=MAP ${HOST} 127.0.0.1`])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  it('lets staff log in and loads every script, style and image over http', async () => {
    const origin = `http://${HOST}:${server.port}`
    const context = await browser.newContext({ baseURL: origin, viewport: DESKTOP, locale: 'id-ID' })
    const page = watchErrors(await context.newPage())
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))

    await page.goto('/')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    // The stylesheet applied (Tailwind's gray-50 page background) and the page came alive (React hydrated).
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(249, 250, 251)')
    await page.waitForFunction(() => Object.keys(window).some((key) => key.startsWith('__reactRouter')))

    await page.goto('/login')
    await page.getByLabel('Username', { exact: true }).fill('admin')
    await page.getByLabel('Password', { exact: true }).fill('password')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.waitForURL('**/admin/dashboard')
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor()
    const cookie = (await context.cookies()).find((entry) => entry.name === 'token')
    expect(cookie).toMatchObject({ httpOnly: true, secure: false })

    // A second screen, reached by a client-side navigation with the same session.
    await page
      .getByRole('listitem', { name: 'Posts' })
      .getByRole('link', { name: /see detail/i })
      .click()
    await page.waitForURL('**/admin/posts')
    await page.getByRole('heading', { name: 'Posts' }).first().waitFor()

    expect(requested.filter((url) => !url.startsWith(origin))).toEqual([])
    expect(await page.settled()).toEqual([])
    await context.close()
  })
})
