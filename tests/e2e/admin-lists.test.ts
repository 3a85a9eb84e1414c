import { beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, unique } from '../support/api'
import { useBrowser } from '../support/browser'
import { search } from './admin-support'

const { loggedInPage } = useBrowser()

const prefix = unique('Daftar')
const TOTAL = 63 // 7 pages of 10

beforeAll(async () => {
  const token = await adminToken()
  for (let i = 1; i <= TOTAL; i++) {
    const result = await api('POST', '/api/admin/categories', {
      token,
      json: { name: `${prefix} ${String(i).padStart(2, '0')}` },
    })
    if (result.status !== 201) throw new Error(result.text)
  }
})

const pageLinks = async (page: import('playwright-core').Page) =>
  page
    .getByRole('navigation', { name: 'Pagination', exact: true })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.textContent))

describe('admin lists', () => {
  it(
    'keeps search and page in the address, pages with at most 5 links, ' + 'and resets to page 1 on a new search',
    async () => {
      const page = await loggedInPage()
      await page.goto('/admin/categories')
      await search(page, prefix)
      expect(new URL(page.url()).searchParams.get('page')).toBeNull()
      expect(await page.getByRole('row').count()).toBe(11) // header + 10
      // Newest first: 63 .. 54 on page 1.
      await page.getByRole('cell', { name: `${prefix} 63`, exact: true }).waitFor()
      expect(await pageLinks(page)).toEqual(['1', '2', '3', '4', '5', '7'])
      expect(await page.getByRole('link', { name: 'Page 1', exact: true }).getAttribute('aria-current')).toBe('page')

      await page.getByRole('link', { name: 'Page 4', exact: true }).click()
      await page.waitForURL((url) => url.searchParams.get('page') === '4' && url.searchParams.get('search') === prefix)
      await page.getByRole('cell', { name: `${prefix} 33`, exact: true }).waitFor()
      // First and last shortcuts with ellipses around a window of 5.
      expect(await pageLinks(page)).toEqual(['1', '2', '3', '4', '5', '6', '7'])
      await page.getByRole('link', { name: 'Page 7', exact: true }).click()
      await page.waitForURL((url) => url.searchParams.get('page') === '7')
      await page.getByRole('cell', { name: `${prefix} 03`, exact: true }).waitFor()
      expect(await pageLinks(page)).toEqual(['1', '3', '4', '5', '6', '7'])
      expect(await page.getByRole('navigation', { name: 'Pagination', exact: true }).getByText('…').count()).toBe(1)

      // Opening the address directly gives the same screen.
      await page.goto(`/admin/categories?search=${encodeURIComponent(prefix)}&page=2`)
      await page.getByRole('cell', { name: `${prefix} 53`, exact: true }).waitFor()

      // A new search goes back to page 1.
      await search(page, `${prefix} 1`)
      expect(new URL(page.url()).searchParams.get('page')).toBeNull()
      await page.getByRole('cell', { name: `${prefix} 19`, exact: true }).waitFor()
      expect(await page.getByRole('row').count()).toBe(11)
      expect(await page.getByRole('navigation', { name: 'Pagination', exact: true }).count()).toBe(0)

      // Nothing found, with the hint for a search.
      await search(page, `${prefix} tidak ada`)
      await page.getByText('No Categories Found').waitFor()
      await page.getByText('Try with Other Keywords').waitFor()

      // Clearing the search removes it from the address.
      const box = page.getByRole('searchbox', { name: 'Search', exact: true })
      await box.fill('')
      await box.press('Enter')
      await page.waitForURL((url) => url.pathname === '/admin/categories' && url.search === '')
    },
  )
})

describe('list states', () => {
  it('shows Loading Data... while a page loads', async () => {
    const page = await loggedInPage()
    await page.goto('/admin/categories')
    await page.getByRole('heading', { name: 'Manage Categories', exact: true }).waitFor()

    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/admin/categories.data*', async (route) => {
      await held
      await route.continue()
    })
    const box = page.getByRole('searchbox', { name: 'Search', exact: true })
    await box.fill(prefix)
    await box.press('Enter')
    await page.getByText('Loading Data...').waitFor()
    release()
    await page.getByRole('cell', { name: `${prefix} 63`, exact: true }).waitFor()
    expect(await page.getByText('Loading Data...').count()).toBe(0)
  })

  it(
    'shows Failed to Load Data inside the shell when a list cannot be read, ' + 'and the list again once it can',
    async () => {
      const page = await loggedInPage()
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor()
      const failed = page.getByRole('alert').filter({ hasText: 'Failed to Load Data' })
      const dropConnection = () => page.route('**/admin/categories.data*', (route) => route.abort('connectionfailed'))
      const expectFailedInShell = async () => {
        await failed.waitFor()
        await failed.getByText('An error occurred while loading data. Please try again.').waitFor()
        expect(new URL(page.url()).pathname).toBe('/admin/categories')
        // The layout stays: the sidebar and the user menu are still there to move on.
        await page
          .getByRole('navigation', { name: 'Admin', exact: true })
          .getByRole('link', { name: 'Dashboard', exact: true })
          .waitFor()
        await page.getByRole('button', { name: 'User menu' }).waitFor()
      }

      // The connection drops while a list screen's data is read...
      await dropConnection()
      await page
        .getByRole('listitem', { name: 'Categories' })
        .getByRole('link', { name: /see detail/i })
        .click()
      await expectFailedInShell()
      // ...and once it is back, the list shows.
      await page.unroute('**/admin/categories.data*')
      await page
        .getByRole('navigation', { name: 'Admin', exact: true })
        .getByRole('link', { name: 'Dashboard', exact: true })
        .click()
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor()
      await page
        .getByRole('listitem', { name: 'Categories' })
        .getByRole('link', { name: /see detail/i })
        .click()
      await page.getByRole('heading', { name: 'Manage Categories', exact: true }).waitFor()
      expect(await failed.count()).toBe(0)

      // The same for a search on the list.
      await dropConnection()
      const box = page.getByRole('searchbox', { name: 'Search', exact: true })
      await box.fill(prefix)
      await box.press('Enter')
      await expectFailedInShell()
      await page.unroute('**/admin/categories.data*')
      await page.reload()
      await page.getByRole('cell', { name: `${prefix} 63`, exact: true }).waitFor()
      expect(await failed.count()).toBe(0)
      expect((await page.settled()).filter((error) => !error.includes('/admin/categories.data'))).toEqual([])
    },
  )
})
