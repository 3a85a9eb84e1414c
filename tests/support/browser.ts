import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 900 }

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  })
}

/**
 * One Chromium per test file. `newPage()` opens a page in a fresh context (own cookies) on the shared
 * server; console errors and page errors are collected so tests can assert none happened.
 */
export function useBrowser() {
  let browser: Browser
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  async function newPage(options: { viewport?: { width: number; height: number }; isMobile?: boolean } = {}) {
    const context = await browser.newContext({
      baseURL: inject('baseUrl'),
      viewport: options.viewport ?? DESKTOP,
      isMobile: options.isMobile,
      hasTouch: options.isMobile,
      locale: 'id-ID',
      timezoneId: 'Asia/Jakarta',
    })
    contexts.push(context)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`)
    })
    return Object.assign(page, { errors }) as Page & { errors: string[] }
  }
  /** A page whose context is logged in as `username` through the real login form. */
  async function loggedInPage(username = 'admin', password = 'password', options: { viewport?: { width: number; height: number } } = {}) {
    const page = await newPage(options)
    await page.goto('/login')
    await page.getByLabel(/username/i).fill(username)
    await page.getByLabel(/password/i).first().fill(password)
    await page.getByRole('button', { name: /login|masuk/i }).click()
    await page.waitForURL('**/admin/dashboard')
    return page
  }
  return { newPage, loggedInPage, browser: () => browser }
}
