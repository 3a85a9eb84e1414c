import { describe, expect, it } from 'vitest'
import { sanitizedRichText, sanitizeRichText } from '~/utils/sanitize.server'

describe('sanitizeRichText keeps what Quill 2 produces', () => {
  it.each([
    ['<h1>Judul</h1><h2>Sub</h2><h3>Kecil</h3>'],
    ['<p>Teks <strong>tebal</strong>, <em>miring</em>, <u>garis</u>, <s>coret</s>.</p>'],
    ['<ol><li data-list="bullet">satu</li><li data-list="ordered">dua</li><li data-list="checked">tiga</li></ol>'],
    ['<ul><li>biasa</li></ul>'],
    ['<blockquote>Kutipan</blockquote>'],
    ['<pre data-language="plain">const a = 1;</pre><p><code>kode</code></p>'],
    [
      '<p class="ql-align-center">Tengah</p><p class="ql-indent-2">Menjorok</p><p ' +
        'class="ql-align-right ql-direction-rtl">Kanan</p>',
    ],
    ['<p><span class="ql-size-large">Besar</span> <span class="ql-font-serif">Serif</span></p>'],
    ['<p>baris<br />baru</p>'],
    ['<p><sub>2</sub><sup>3</sup></p>'],
  ])('%s', (html) => {
    expect(sanitizeRichText(html)).toBe(html)
  })

  it('keeps links of the allowed schemes and opens them safely in a new tab', () => {
    for (const href of [
      'https://desa.id/a?b=1',
      'http://example.com',
      'mailto:kades@desa.id',
      'tel:+6281234',
      'sms:+6281234',
      '/posts/berita',
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe(
        `<a href="${href}" target="_blank" rel="noopener noreferrer nofollow">x</a>`,
      )
    }
    expect(sanitizeRichText('<a href="https://x.id" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://x.id" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    )
  })

  it('keeps images from the web, inline raster data and our own uploads', () => {
    const sources = [
      'https://cdn.example.com/a.jpg',
      'http://example.com/b.png',
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/jpeg;base64,/9j/4AAQ',
      '/uploads/posts/0123456789abcdef0123456789abcdef.jpg',
    ]
    for (const src of sources)
      expect(sanitizeRichText(`<img src="${src}" alt="a" />`)).toBe(`<img alt="a" src="${src}" />`)
  })
})

describe('sanitizeRichText removes what is dangerous or foreign', () => {
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="alert(1)" onmouseover="x()">ok</p>', '<p>ok</p>'],
    ['<p style="color:red;background:url(javascript:alert(1))">ok</p>', '<p>ok</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    [
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="//evil.example/x">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<img src="javascript:alert(1)">', ''],
    ['<img src="x" onerror="alert(1)">', ''],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', ''],
    ['<img src="/uploads/../.env">', ''],
    ['<img src="/etc/passwd">', ''],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<form action="https://evil.example"><input name="a"><button>Kirim</button></form>', 'Kirim'],
    ['<svg><script>alert(1)</script></svg><p>ok</p>', '<p>ok</p>'],
    ['<style>body{display:none}</style><p>ok</p>', '<p>ok</p>'],
    ['<p class="evil ql-align-center ql-indent-99">x</p>', '<p class="ql-align-center">x</p>'],
    ['<span contenteditable="false" class="ql-ui">x</span>', '<span>x</span>'],
    ['<li data-list="javascript:alert(1)">x</li>', '<li>x</li>'],
    ['<object data="x.swf"></object><embed src="x.swf">', ''],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example"><p>ok</p>', '<p>ok</p>'],
    ['<base href="https://evil.example/"><p>ok</p>', '<p>ok</p>'],
  ])('%s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected)
  })

  it('escapes text that only looks like markup', () => {
    expect(sanitizeRichText('<p>1 &lt; 2 &amp;&amp; "a"</p>')).toBe('<p>1 &lt; 2 &amp;&amp; "a"</p>')
    expect(sanitizeRichText('<<script>script>alert(1)<</script>/script>')).not.toMatch(/<script/i)
  })
})

describe('images inside rich text (issue 12)', () => {
  const ours = '/uploads/content/0123456789abcdef0123456789abcdef-800x600.jpg'

  it('gives our content images their copies, size and alt text, and nothing else a srcset', () => {
    expect(
      sanitizeRichText(`<img src="${ours}" alt="Peta" srcset="https://evil.example/x.jpg 1w" width="1" onerror="x()">`),
    ).toBe(
      `<img src="${ours}" alt="Peta" ` +
        'srcset="/uploads/content/0123456789abcdef0123456789abcdef-800x600-320.webp 320w, ' +
        '/uploads/content/0123456789abcdef0123456789abcdef-800x600-640.webp 640w, ' +
        '/uploads/content/0123456789abcdef0123456789abcdef-800x600-800.webp 800w" ' +
        'sizes="(min-width: 800px) 768px, 100vw" width="800" height="600" />',
    )
    expect(
      sanitizeRichText(
        '<img src="https://cdn.example.com/a.jpg" srcset="https://cdn.example.com/b.jpg 2x" sizes="10px">',
      ),
    ).toBe('<img src="https://cdn.example.com/a.jpg" />')
  })

  it('the rich-text field refuses images from elsewhere and keeps ours and inline ones (stored by the model)', () => {
    const field = sanitizedRichText('Content', { required: true })
    for (const src of [
      'https://cdn.example.com/a.jpg',
      'http://example.com/b.png',
      '/uploads/posts/0123456789abcdef0123456789abcdef.jpg',
    ]) {
      const result = field.safeParse(`<p>x</p><img src="${src}">`)
      expect(result.success, src).toBe(false)
      expect(result.error?.issues[0].message, src).toMatch(/^Content may only hold images uploaded here/)
    }
    expect(field.safeParse(`<img src="${ours}" alt="a">`).success).toBe(true)
    expect(field.safeParse('<img src="data:image/png;base64,iVBORw0KGgo=">').success).toBe(true)
    // Unsafe sources are dropped as before, not refused.
    expect(field.safeParse('<p>x</p><img src="x" onerror="alert(1)">')).toEqual({ success: true, data: '<p>x</p>' })
  })
})
