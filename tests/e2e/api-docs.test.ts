import { describe, expect, it } from 'vitest'
import { seriousViolations } from '../support/axe'
import { DESKTOP, useBrowser } from '../support/browser'

const { newPage } = useBrowser()

describe('/api/docs', () => {
  it('renders the reference in Chromium with no console error, and its contents lead to the calls', async () => {
    const page = await newPage({ viewport: DESKTOP })
    await page.goto('/api/docs')
    await expect(page.getByRole('heading', { level: 1, name: 'Balai Desa REST API' }).isVisible()).resolves.toBe(true)
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Posts' }).click()
    await page.waitForURL(/#Posts$/)
    const create = page.getByRole('heading', { name: /POST \/api\/admin\/posts Create a post/ })
    await expect(create.isVisible()).resolves.toBe(true)
    await expect(page.getByRole('link', { name: '/api/openapi.json' }).getAttribute('href')).resolves.toBe(
      '/api/openapi.json',
    )
    expect(await seriousViolations(page)).toEqual([])
    expect(await page.settled()).toEqual([])
  })
})
