import { describe, expect, it } from 'vitest'
import { adminToken, api } from '../support/api'

/** The back office's addresses come from the resource declarations: every screen that exists, and only those. */
describe('admin screen addresses', () => {
  const page = async (path: string) => api('GET', path, { token: await adminToken(), headers: { Accept: 'text/html' } })

  it('serve each resource list, create and edit screen, in any case as route matching does', async () => {
    for (const [path, title] of [
      ['/admin/permissions', 'Permissions'],
      ['/admin/Posts', 'Manage Posts'],
      ['/admin/sliders', 'Manage Sliders'],
      ['/admin/products/create', 'Create Product'],
      ['/admin/users/edit/1', 'Edit User'],
    ]) {
      const result = await page(path)
      expect(result.status, path).toBe(200)
      expect(result.text, path).toContain(`<title>${title} - Desa Uji Coba</title>`)
    }
  })

  it(
    'answer an address that names no screen with the not-found page of the site, ' + 'outside the back office',
    async () => {
      for (const path of [
        '/admin/tidak-ada',
        '/admin/photos/create',
        '/admin/sliders/edit/1',
        '/admin/dashboard/create',
      ]) {
        const result = await page(path)
        expect(result.status, path).toBe(404)
        expect(result.text, path).toContain('Halaman tidak ditemukan')
        expect(result.text, path).not.toContain('aria-label="Admin"')
      }
      // Without a session too: no login is asked for a screen that does not exist.
      const anonymous = await api('GET', '/admin/tidak-ada', { headers: { Accept: 'text/html' } })
      expect(anonymous.status).toBe(404)
    },
  )
})
