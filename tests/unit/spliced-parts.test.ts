import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Spliced, SplicerProvider } from '~/components/site/spliced'
import { pageSplicer } from '~/utils/spliced-parts.server'

// The page parts rendered once per data version (decision 071): what React wrote between the markers is kept and
// spliced into the next pages of that version, with each page's own nonce; nothing is kept when the version moved
// during the render, and a page of another version renders the part again.
const rendered = (part: string, inner: string) =>
  bytes`<body><template data-splice-start="${part}"></template>${inner}<template data-splice-end="${part}"></template></body>`
const marker = (part: string) => bytes`<body><template data-splice="${part}"></template></body>`

/** The document as the render gives it: bytes (a tagged template, so the helpers read as the markup they write). */
function bytes(strings: TemplateStringsArray, ...values: string[]) {
  return Buffer.from(String.raw({ raw: strings }, ...values))
}
const text = (html: Buffer) => html.toString('utf8')

describe('pageSplicer', () => {
  it('keeps a part rendered once and splices it into the next page of the same version, with its nonce', () => {
    const first = pageSplicer(101, 'nonce-a')
    expect(first.splicer.mark('footer:2026')).toBe('render')
    expect(first.used()).toBe(true)
    const html = rendered('footer:2026', '<footer><script nonce="nonce-a">x</script></footer>')
    expect(text(first.finish(html, 101))).toBe('<body><footer><script nonce="nonce-a">x</script></footer></body>')

    const second = pageSplicer(101, 'nonce-b')
    expect(second.splicer.mark('footer:2026')).toBe('stored')
    expect(text(second.finish(marker('footer:2026'), 101))).toBe(
      '<body><footer><script nonce="nonce-b">x</script></footer></body>',
    )
  })

  it('splices by bytes: parts in document order, text of several bytes around them, the nonce each time it stands', () => {
    const page = (n: string) => pageSplicer(501, n)
    const first = page('aaaa')
    first.splicer.mark('header:1')
    first.splicer.mark('footer:1')
    const html = Buffer.from(
      '<p>Désa ✓</p><template data-splice-start="header:1"></template><h1 nonce="aaaa">Kabar ✓ aaaa</h1>' +
        '<template data-splice-end="header:1"></template><main>Warga ✓</main>' +
        '<template data-splice-start="footer:1"></template><footer>© 2026</footer>' +
        '<template data-splice-end="footer:1"></template>',
    )
    const whole = '<p>Désa ✓</p><h1 nonce="aaaa">Kabar ✓ aaaa</h1><main>Warga ✓</main><footer>© 2026</footer>'
    expect(text(first.finish(html, 501))).toBe(whole)
    const second = page('bbbb')
    // Marked in the other order: the document's order decides.
    expect(second.splicer.mark('footer:1')).toBe('stored')
    expect(second.splicer.mark('header:1')).toBe('stored')
    const markers = Buffer.from(
      '<p>Désa ✓</p><template data-splice="header:1"></template><main>Warga ✓</main>' +
        '<template data-splice="footer:1"></template>',
    )
    expect(text(second.finish(markers, 501))).toBe(whole.replaceAll('aaaa', 'bbbb'))
  })

  it('keeps nothing when the data version changed during the render, and renders again at a new version', () => {
    const moved = pageSplicer(201, 'n')
    expect(moved.splicer.mark('header:1')).toBe('render')
    expect(text(moved.finish(rendered('header:1', '<header>old</header>'), 202))).toBe(
      '<body><header>old</header></body>',
    )
    expect(pageSplicer(201, 'n').splicer.mark('header:1')).toBe('render')

    const kept = pageSplicer(201, 'n')
    kept.splicer.mark('header:1')
    kept.finish(rendered('header:1', '<header>v201</header>'), 201)
    expect(pageSplicer(201, 'n').splicer.mark('header:1')).toBe('stored')
    expect(pageSplicer(202, 'n').splicer.mark('header:1')).toBe('render')
  })

  it('splices nothing when a write came between the request and its render, and keeps the newer parts', () => {
    const kept = pageSplicer(302, 'n')
    kept.splicer.mark('card:posts:7:lazy')
    kept.finish(rendered('card:posts:7:lazy', '<article>Judul baru</article>'), 302)
    // A request that began at 301 and renders at 302: its loaders may have read the new row; the part is rendered.
    const late = pageSplicer(301, 'n', 302)
    expect(late.splicer.mark('card:posts:7:lazy')).toBe('off')
    expect(late.used()).toBe(false)
    // Its look did not take the village's parts back to 301.
    expect(pageSplicer(302, 'n').splicer.mark('card:posts:7:lazy')).toBe('stored')
  })

  it('renders every part plainly without a data version, for a name it cannot mark, and for a second use', () => {
    const none = pageSplicer(undefined, 'n')
    expect(none.splicer.mark('footer:2026')).toBe('off')
    expect(none.used()).toBe(false)
    const page = pageSplicer(301, 'n')
    expect(page.splicer.mark('bad"name')).toBe('off')
    expect(page.splicer.mark('banner:none')).toBe('render')
    expect(page.splicer.mark('banner:none')).toBe('off')
  })

  it('fails loudly when a marker is missing from the render', () => {
    const page = pageSplicer(401, 'n')
    page.splicer.mark('footer:2026')
    expect(() => page.finish(Buffer.from('<body></body>'), 401)).toThrow(/markers of the page part footer:2026/)
  })
})

describe('Spliced', () => {
  /** One page's render through React with the server's splicer, finished as entry.server.tsx finishes it. */
  const page = (version: number, tree: React.ReactNode) => {
    const splice = pageSplicer(version, undefined)
    const html = Buffer.from(renderToString(h(SplicerProvider, { value: splice.splicer }, tree)))
    return text(splice.finish(html, version))
  }
  const card = (id: number) => h(Spliced, { part: `card:posts:${id}`, children: h('article', null, `Kartu ${id}`) })
  const list = (ids: number[]) => h('ul', null, ...ids.map((id) => h('li', { key: id }, card(id))))

  it('renders a part inside a part being kept into it, and splices each of them on the next pages', () => {
    const tree = (heading: string) =>
      h(
        'main',
        null,
        h(Spliced, {
          part: 'section:news',
          children: [h('h2', { key: 'h' }, heading), h('div', { key: 'l' }, list([1, 2]))],
        }),
        list([2, 3]),
      )
    const whole =
      '<main><h2>Berita</h2><div><ul><li><article>Kartu 1</article></li><li><article>Kartu 2</article></li></ul></div>' +
      '<ul><li><article>Kartu 2</article></li><li><article>Kartu 3</article></li></ul></main>'
    expect(page(701, tree('Berita'))).toBe(whole)
    // The section is spliced as kept (its cards inside it), the cards around it as kept alone.
    expect(page(701, tree('Berita'))).toBe(whole)
    expect(page(701, list([3, 2]))).toBe(
      '<ul><li><article>Kartu 3</article></li><li><article>Kartu 2</article></li></ul>',
    )
    // A card first kept inside the section is rendered alone at a new version, and kept again.
    expect(page(702, list([1]))).toBe('<ul><li><article>Kartu 1</article></li></ul>')
    expect(page(702, list([1]))).toBe('<ul><li><article>Kartu 1</article></li></ul>')
  })
})
