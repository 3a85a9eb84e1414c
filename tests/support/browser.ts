import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest'

/**
 * Debian's Chromium headless shell (docs/decisions/057-browser-tests-on-the-headless-shell.md), which `npm test`
 * installs and names in CHROMIUM_PATH; the same default for a test file run on its own.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 900 }

/** `args`: more Chromium switches, e.g. `--host-resolver-rules` to reach the server under a LAN name. */
export function launchBrowser(args: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
      ...args,
    ],
  })
}

export type WatchedPage = Page & {
  /** Script errors, console errors and failed loads so far (read it through `settled()`). */
  errors: string[]
  /** Waits for the checks still running on failed loads, then gives every error of the page so far. */
  settled(): Promise<string[]>
}

/**
 * Collects what went wrong on a page: uncaught errors, console errors, and every load that failed, named by its
 * address (`Failed to load resource: 404 /path`). Chromium's own "Failed to load resource" console line carries
 * no address, so it is replaced by the response's.
 *
 * One failure is explained rather than reported: an upload that answers 404 while the page's own address, asked
 * again, no longer refers to it. Test files share one server, and another file may delete a record (and so its
 * picture) between the page's HTML and a lazily loaded image. If the page still shows the missing file, the 404
 * is reported as usual: that would be stale HTML.
 */
export function watchErrors(page: Page): WatchedPage {
  const errors: string[] = []
  const checks: Promise<void>[] = []
  // The first frames of the stack say where an uncaught error came from when a run on a loaded machine fails.
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}${stackHead(error)}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(`console: ${message.text()}`)
  })
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed'
    // A load the page itself gave up on (navigation away, an image scrolled past) is not a failure.
    if (reason !== 'net::ERR_ABORTED')
      errors.push(`Failed to load resource: ${reason} ${new URL(request.url()).pathname}`)
  })
  page.on('response', (response) => {
    if (response.status() < 400) return
    const { pathname } = new URL(response.url())
    const failure = `Failed to load resource: the server responded with a status of ${response.status()} ${pathname}`
    if (response.status() !== 404 || !pathname.startsWith('/uploads/')) return void errors.push(failure)
    const shownOn = page.url()
    checks.push(
      stillReferenced(page, shownOn, pathname).then(
        (referenced) => void (referenced && errors.push(`${failure} (still shown on ${shownOn})`)),
        (error) => void errors.push(`${failure} (could not check ${shownOn}: ${error})`),
      ),
    )
  })
  async function settled() {
    while (checks.length) await Promise.all(checks.splice(0))
    return errors
  }
  return Object.assign(page, { errors, settled }) as WatchedPage
}

const stackHead = (error: Error) =>
  (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trim().startsWith('at '))
    .slice(0, 3)
    .map((line) => `\n    ${line.trim()}`)
    .join('')

/** Whether the page at `address`, fetched afresh with the page's cookies, still refers to `pathname`. */
async function stillReferenced(page: Page, address: string, pathname: string): Promise<boolean> {
  const cookies = await page.context().cookies(address)
  const response = await fetch(address, {
    headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'sec-fetch-site': 'same-origin' },
  })
  return (await response.text()).includes(pathname)
}

/**
 * One Chromium per test file. `newPage()` opens a page in a fresh context (own cookies) on the shared
 * server; console errors and page errors are collected so tests can assert none happened.
 */
export function useBrowser() {
  let browser: Browser
  /** The contexts a test opened: closed when it ends, so no page of an earlier test keeps running (timers...). */
  const contexts: BrowserContext[] = []
  let inTest = false
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  beforeEach(() => {
    inTest = true
  })
  afterEach(async () => {
    inTest = false
    await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => undefined)))
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
    // A page opened by a hook (beforeAll) is the file's, and lasts until the browser closes.
    if (inTest) contexts.push(context)
    const page = await context.newPage()
    return watchErrors(page)
  }
  /** A page whose context is logged in as `username` through the real login form. */
  async function loggedInPage(
    username = 'admin',
    password = 'password',
    options: { viewport?: { width: number; height: number } } = {},
  ) {
    const page = await newPage(options)
    await page.goto('/login')
    await page.getByLabel(/username/i).fill(username)
    await page
      .getByLabel(/password/i)
      .first()
      .fill(password)
    await page.getByRole('button', { name: /login|masuk/i }).click()
    await page.waitForURL('**/admin/dashboard')
    return page
  }
  return { newPage, loggedInPage, browser: () => browser }
}
