import sharp from 'sharp'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { adminToken, api } from '../support/api'
import { useBrowser } from '../support/browser'
import { useContent } from './public-fixtures'

const { newPage } = useBrowser()
const content = useContent()
const base = () => inject('baseUrl')

type XmlNode = { name: string; attributes: Record<string, string>; text: string; children: XmlNode[] }

/**
 * Parsed by Chromium's XML parser, as a feed reader would: a document that is not well-formed fails
 * here. Returns a plain tree (element names with their namespace prefix).
 */
async function parseXml(xml: string): Promise<XmlNode> {
  const page = await newPage()
  await page.goto('/robots.txt')
  return page.evaluate((source) => {
    const document = new DOMParser().parseFromString(source, 'application/xml')
    const error = document.getElementsByTagName('parsererror')[0]
    if (error) throw new Error(`not well-formed XML: ${error.textContent}`)
    const walk = (element: Element): XmlNode => ({
      name: element.tagName,
      attributes: Object.fromEntries(
        Array.from(element.attributes).map((attribute) => [attribute.name, attribute.value]),
      ),
      text: element.children.length ? '' : (element.textContent ?? ''),
      children: Array.from(element.children).map(walk),
    })
    return walk(document.documentElement)
  }, xml)
}

const child = (node: XmlNode, name: string) => node.children.find((entry) => entry.name === name)
const children = (node: XmlNode, name: string) => node.children.filter((entry) => entry.name === name)

let post: any
let product: any
let villagePage: any
let person: any

beforeAll(async () => {
  post = await content.post({
    title: `Gotong Royong <Bersih> & "Sehat" ${content.tag}`,
    content: '<p>Warga membersihkan <strong>saluran air</strong> bersama.</p>',
  })
  product = await content.product({ title: `Keripik Singkong ${content.tag}`, price: 15000 })
  villagePage = await content.page(`Visi Misi ${content.tag}`, '<p>Desa yang mandiri.</p>')
  person = await content.aparatur({ name: `Bambang ${content.tag}`, position: 'Kepala Dusun' })
})

describe('/robots.txt', () => {
  it('lets crawlers in, keeps them out of the back office and the API, and names the sitemap', async () => {
    const response = await fetch(`${base()}/robots.txt`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const lines = (await response.text()).split('\n').map((line) => line.trim())
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Disallow: /admin')
    expect(lines).toContain('Disallow: /api')
    expect(lines).toContain(`Sitemap: ${base()}/sitemap.xml`)
    // No rule shuts out a public screen.
    const disallowed = lines
      .filter((line) => line.startsWith('Disallow:'))
      .map((line) => line.slice('Disallow:'.length).trim())
    for (const path of ['/', '/posts', '/products', '/pages', '/photos', '/aparaturs', '/rss.xml', '/sitemap.xml']) {
      expect(
        disallowed.filter((rule) => rule === '/' || path.startsWith(rule)),
        path,
      ).toEqual([])
    }
  })
})

describe('/sitemap.xml', () => {
  it(
    'lists every public screen and this test’s page, post, ' +
      'product and official, with absolute addresses that open',
    async () => {
      const response = await fetch(`${base()}/sitemap.xml`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
      const root = await parseXml(await response.text())
      expect(root.name).toBe('urlset')
      expect(root.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
      const urls = children(root, 'url')
      const locs = urls.map((url) => child(url, 'loc')!.text)
      for (const loc of locs) expect(loc.startsWith(`${base()}/`), loc).toBe(true)
      expect(new Set(locs).size).toBe(locs.length)
      const expected = [
        '/',
        '/pages',
        '/aparaturs',
        '/posts',
        '/products',
        '/photos',
        '/privacy',
        '/terms',
        `/pages/${villagePage.slug}`,
        `/posts/${post.slug}`,
        `/products/${product.slug}`,
        `/aparaturs/${person.id}`,
      ]
      for (const path of expected) expect(locs, path).toContain(`${base()}${path}`)
      expect(locs.filter((loc) => /\/(admin|api|login|berita)(\/|$)/.test(new URL(loc).pathname))).toEqual([])
      // Content carries its last change.
      const postUrl = urls.find((url) => child(url, 'loc')!.text === `${base()}/posts/${post.slug}`)!
      expect(child(postUrl, 'lastmod')!.text).toBe(post.updated_at)
      for (const path of expected) expect((await fetch(`${base()}${path}`)).status, path).toBe(200)
    },
  )

  it('lists the demo village’s content too, and drops what was deleted', async () => {
    const token = await adminToken()
    const gone = await content.page(`Dihapus ${content.tag}`, '<p>sebentar</p>')
    expect((await api('DELETE', `/api/admin/pages/${gone.id}`, { token })).status).toBe(200)
    const locs = (await (await fetch(`${base()}/sitemap.xml`)).text())
      .match(/<loc>[^<]+<\/loc>/g)!
      .map((loc) => loc.slice(5, -6))
    expect(locs).not.toContain(`${base()}/pages/${gone.slug}`)
    // The demo village's oldest post and product never leave (other tests only add and remove their own).
    // Other files add and delete posts meanwhile, so the last page is read again until it holds a post.
    let oldest: { slug: string } | undefined
    for (let attempt = 0; attempt < 5 && !oldest; attempt++) {
      const lastPage = (await api('GET', '/api/public/posts?limit=1&page=100000')).body.data.last_page
      oldest = (await api('GET', `/api/public/posts?limit=1&page=${lastPage}`)).body.data.data[0]
    }
    expect(locs).toContain(`${base()}/posts/${oldest!.slug}`)
  })
})

describe('/rss.xml', () => {
  it('is an RSS 2.0 feed of the latest posts, newest first, with escaped titles and the full article', async () => {
    // Other test files add posts at the same time: should 20 land between this post and the read, a fresh one is made.
    for (let attempt = 0; attempt < 3; attempt++) {
      const xml = await (await fetch(`${base()}/rss.xml`)).text()
      if (xml.includes(`/posts/${post.slug}</guid>`)) break
      post = await content.post({
        title: `Gotong Royong <Bersih> & "Sehat" ${content.tag} ${attempt}`,
        content: '<p>Warga membersihkan <strong>saluran air</strong> bersama.</p>',
      })
    }
    const response = await fetch(`${base()}/rss.xml`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    const rss = await parseXml(await response.text())
    expect(rss.name).toBe('rss')
    expect(rss.attributes.version).toBe('2.0')
    const channel = child(rss, 'channel')!
    expect(child(channel, 'title')!.text).toBe('Berita - Desa Uji Coba')
    expect(child(channel, 'link')!.text).toBe(`${base()}/posts`)
    expect(child(channel, 'description')!.text.length).toBeGreaterThan(0)
    expect(child(channel, 'language')!.text).toBe('id')
    expect(child(channel, 'atom:link')!.attributes).toMatchObject({
      href: `${base()}/rss.xml`,
      rel: 'self',
      type: 'application/rss+xml',
    })
    const items = children(channel, 'item')
    expect(items.length).toBeGreaterThan(0)
    expect(items.length).toBeLessThanOrEqual(20)
    const dates = items.map((item) => Date.parse(child(item, 'pubDate')!.text))
    for (const date of dates) expect(Number.isNaN(date)).toBe(false)
    expect([...dates].sort((a, b) => b - a)).toEqual(dates)

    const ours = items.find((item) => child(item, 'guid')!.text === `${base()}/posts/${post.slug}`)
    expect(ours, 'the post made by this test is among the newest 20').toBeDefined()
    expect(child(ours!, 'title')!.text).toBe(post.title)
    expect(child(ours!, 'link')!.text).toBe(`${base()}/posts/${post.slug}`)
    expect(child(ours!, 'guid')!.attributes.isPermaLink).toBe('true')
    expect(new Date(child(ours!, 'pubDate')!.text).toISOString()).toBe(
      new Date(Math.floor(Date.parse(post.created_at) / 1000) * 1000).toISOString(),
    )
    expect(child(ours!, 'description')!.text).toBe('Warga membersihkan saluran air bersama.')
    expect(child(ours!, 'content:encoded')!.text).toBe(post.content)
    expect(child(ours!, 'dc:creator')!.text).toBe(post.user.name)
    expect(child(ours!, 'category')!.text).toBe(post.category.name)
    // The enclosure tells a reader what it would download: the stored file's real length and type.
    const enclosure = child(ours!, 'enclosure')!.attributes
    expect(enclosure.url).toBe(`${base()}/uploads/posts/${post.image}`)
    const image = await fetch(enclosure.url)
    expect(image.status).toBe(200)
    expect(enclosure.type).toBe(image.headers.get('content-type'))
    expect(enclosure.type).toMatch(/^image\/(jpeg|png|gif|webp)$/)
    expect(Number(enclosure.length)).toBe((await image.arrayBuffer()).byteLength)
    expect(Number(enclosure.length)).toBeGreaterThan(0)
    expect((await fetch(child(ours!, 'link')!.text)).status).toBe(200)
  })
})

describe('web app manifest and icons', () => {
  it('names the village, speaks Indonesian and has icons of the sizes it claims', async () => {
    const response = await fetch(`${base()}/manifest.webmanifest`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/manifest+json')
    const manifest = await response.json()
    expect(manifest).toMatchObject({
      name: 'Desa Uji Coba',
      lang: 'id',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#047857',
    })
    expect(manifest.short_name.length).toBeGreaterThan(0)
    expect(manifest.short_name.length).toBeLessThanOrEqual(12)
    const pngs = manifest.icons.filter((icon: { type: string }) => icon.type === 'image/png')
    expect(pngs.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
    expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === 'maskable')).toBe(true)
    for (const icon of pngs) {
      const file = await fetch(new URL(icon.src, base()))
      expect(file.status, icon.src).toBe(200)
      expect(file.headers.get('content-type')).toBe('image/png')
      const { width, height, format } = await sharp(Buffer.from(await file.arrayBuffer())).metadata()
      expect({ format, size: `${width}x${height}` }, icon.src).toEqual({ format: 'png', size: icon.sizes })
    }
    const touch = await fetch(`${base()}/apple-touch-icon.png`)
    const meta = await sharp(Buffer.from(await touch.arrayBuffer())).metadata()
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([180, 180, false])
  })

  it('is accepted by Chromium as the page’s manifest', async () => {
    const page = await newPage()
    await page.goto('/')
    const session = await page.context().newCDPSession(page)
    const { url, errors, data } = (await session.send('Page.getAppManifest')) as {
      url: string
      errors: { message: string; critical: number }[]
      data?: string
    }
    expect(url).toBe(`${base()}/manifest.webmanifest`)
    expect(errors.filter((error) => error.critical)).toEqual([])
    expect(JSON.parse(data!).name).toBe('Desa Uji Coba')
    expect(await page.settled()).toEqual([])
  })
})
