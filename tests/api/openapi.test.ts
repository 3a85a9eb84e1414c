import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { api, baseUrl, checkAgainstDocument } from '../support/api'

const committed = fs.readFileSync(path.resolve(__dirname, '../../docs/openapi.json'), 'utf8')

describe('the API documents itself', () => {
  it('serves the committed OpenAPI document at /api/openapi.json', async () => {
    const result = await api('GET', '/api/openapi.json')
    expect(result.status).toBe(200)
    expect(result.headers.get('content-type')).toContain('application/json')
    expect(result.text).toBe(committed)
    expect(result.body.openapi).toBe('3.1.0')
  })

  it("serves a readable reference at /api/docs, from this origin only, under the site's CSP", async () => {
    const response = await fetch(`${baseUrl()}/api/docs`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'")
    const html = await response.text()
    expect(html).toContain('<h1')
    expect(html).toContain('Balai Desa REST API')
    for (const call of ['/api/login', '/api/admin/posts/{id}', '/api/public/products/{slug}', '/api/admin/activities'])
      expect(html).toContain(call)
    // Nothing is loaded from elsewhere: every src and stylesheet is a path of this site.
    const loaded = [...html.matchAll(/<(?:script|img|link)\b[^>]*?(?:src|href)="([^"]+)"/g)].map((match) => match[1])
    expect(loaded.length).toBeGreaterThan(0)
    expect(loaded.filter((url) => !url.startsWith('/'))).toEqual([])
  })

  it('the answer check refuses an answer the document does not describe', () => {
    const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' })
    const login = (status: number, body: unknown) => ({ status, headers, body, text: JSON.stringify(body) })
    expect(() =>
      checkAgainstDocument(
        'POST',
        '/api/login',
        login(200, { success: true, message: 'Login successful', data: { id: 1 } }),
      ),
    ).toThrow(/does not match/)
    expect(() =>
      checkAgainstDocument('POST', '/api/login', login(418, { success: false, message: 'x', errors: null })),
    ).toThrow(/does not list 418/)
    expect(() =>
      checkAgainstDocument(
        'GET',
        '/api/admin/users/1',
        login(200, {
          success: true,
          message: 'Detail Data User',
          data: {
            id: 1,
            name: 'a',
            username: 'a',
            email: 'a@example.com',
            created_at: '2026-01-01T00:00:00.000Z',
            updated_at: '2026-01-01T00:00:00.000Z',
            roles: [],
            password: 'x',
          },
        }),
      ),
    ).toThrow(/does not match/)
    expect(() =>
      checkAgainstDocument(
        'GET',
        '/api/nothing-here',
        login(404, { success: false, message: 'Not found', errors: null }),
      ),
    ).not.toThrow()
    expect(() => checkAgainstDocument('GET', '/api/nothing-here', login(404, { error: 'Not found' }))).toThrow(
      /does not match/,
    )
  })
})
