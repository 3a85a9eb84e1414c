import { beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, unique } from '../support/api'
import { form, newCategory } from '../support/content'
import { XSS_PAYLOADS } from '../support/xss-payloads'

/** Payloads sent straight to the API, as an attacker with an editor account (or a stolen token) would. */
const PAYLOADS = XSS_PAYLOADS

/** Judged with plain patterns, independently of the sanitiser's own code. */
function problems(html: string): string[] {
  const found: string[] = []
  const checks: [string, RegExp][] = [
    [
      'dangerous element',
      /<\s*\/?\s*(script|iframe|frame|object|embed|form|input|button|svg|math|style|link|meta|base|body|details|video|source|marquee|textarea|select|template|noscript|xmp)\b/i,
    ],
    ['event handler', /<[^>]*\son[a-z]+\s*=/i],
    ['style attribute', /<[^>]*\sstyle\s*=/i],
    ['script URL', /(href|src|action|formaction|data)\s*=\s*["']?\s*(javascript|vbscript|data:text)/i],
    ['srcdoc', /<[^>]*\ssrcdoc\s*=/i],
    ['contenteditable', /<[^>]*\scontenteditable/i],
  ]
  for (const [label, pattern] of checks) if (pattern.test(html)) found.push(label)
  // Any link that survives opens in a new tab without a handle on our window.
  for (const anchor of html.match(/<a\b[^>]*>/gi) ?? []) {
    if (!/target="_blank"/.test(anchor) || !/rel="noopener noreferrer nofollow"/.test(anchor))
      found.push(`unsafe link ${anchor}`)
  }
  return found
}

let token: string
let categoryId: number

beforeAll(async () => {
  token = await adminToken()
  categoryId = (await newCategory()).id
})

describe('rich text is stored harmless', () => {
  it('has a corpus of at least 30 payloads', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30)
    // The judge can fail: it flags at least 30 of the raw payloads (the rest hide behind entities or NUL bytes).
    expect(PAYLOADS.filter((payload) => problems(payload).length > 0).length).toBeGreaterThanOrEqual(30)
  })

  it.each(PAYLOADS.map((payload, i) => [i, payload] as const))('page content, payload %i', async (_i, payload) => {
    const created = await api('POST', '/api/admin/pages', {
      token,
      json: { title: unique('XSS '), content: `<p>aman</p>${payload}` },
    })
    expect(created.status).toBe(201)
    expect(problems(created.body.data.content)).toEqual([])
    expect(created.body.data.content).toContain('<p>aman</p>')
    const stored = await api('GET', `/api/public/pages/${created.body.data.slug}`)
    expect(stored.body.data.content).toBe(created.body.data.content)
  })

  it('post content, create and update, multipart and JSON', async () => {
    for (const payload of PAYLOADS) {
      const created = await api('POST', '/api/admin/posts', {
        token,
        form: form({ title: unique('XSS '), content: `<p>aman</p>${payload}`, category_id: categoryId }),
      })
      expect(created.status, payload).toBe(201)
      expect(problems(created.body.data.content), payload).toEqual([])
      const updated = await api('PUT', `/api/admin/posts/${created.body.data.id}`, {
        token,
        json: { title: created.body.data.title, content: `<p>lagi</p>${payload}`, category_id: categoryId },
      })
      expect(updated.status, payload).toBe(200)
      expect(problems(updated.body.data.content), payload).toEqual([])
      const detail = await api('GET', `/api/public/posts/${created.body.data.slug}`)
      expect(problems(detail.body.data.content), payload).toEqual([])
    }
  })

  it('product content and aparatur description', async () => {
    const all = PAYLOADS.join('\n')
    const product = await api('POST', '/api/admin/products', {
      token,
      form: form({
        title: unique('XSS '),
        content: `<p>aman</p>${all}`,
        owner: 'a',
        price: 1,
        phone: '1',
        address: 'a',
      }),
    })
    expect(product.status).toBe(201)
    expect(problems(product.body.data.content)).toEqual([])
    const person = await api('POST', '/api/admin/aparaturs', {
      token,
      form: form({ name: 'a', position: 'b', description: all }),
    })
    expect(person.status).toBe(201)
    expect(problems(person.body.data.description)).toEqual([])
    const updated = await api('PUT', `/api/admin/aparaturs/${person.body.data.id}`, {
      token,
      json: { name: 'a', position: 'b', description: all },
    })
    expect(problems(updated.body.data.description)).toEqual([])
    const detail = await api('GET', `/api/public/aparaturs/${person.body.data.id}`)
    expect(problems(detail.body.data.description)).toEqual([])
  })

  it('content that is nothing but a payload counts as empty', async () => {
    const result = await api('POST', '/api/admin/pages', {
      token,
      json: { title: 'x', content: '<script>alert(1)</script><style>p{}</style>' },
    })
    expect(result.status).toBe(422)
    expect(result.body.errors).toEqual({ Content: 'Content is required' })
  })

  it('a title with markup is kept as text and never reaches the slug', async () => {
    const title = `<script>alert(1)</script> Judul ${unique('t')}`
    const result = await api('POST', '/api/admin/pages', { token, json: { title, content: '<p>x</p>' } })
    expect(result.status).toBe(201)
    expect(result.body.data.title).toBe(title)
    expect(result.body.data.slug).toMatch(/^[a-z0-9-]+$/)
    expect(result.headers.get('content-type')).toContain('application/json')
  })
})
