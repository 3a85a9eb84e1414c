import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { useBrowser } from '../support/browser'
import { useContent } from './public-fixtures'

const { newPage } = useBrowser()
// The first test opens a dozen screens and fetches each shared picture; give a loaded machine room.
vi.setConfig({ testTimeout: 120_000 })
const content = useContent()
const SITE = 'Desa Uji Coba'
const base = () => inject('baseUrl')

type Head = {
  lang: string | null
  title: string
  description: string[]
  canonical: string[]
  og: Record<string, string[]>
  twitter: Record<string, string[]>
  jsonLd: any[]
}

/** Every SEO tag of the document's head, each as a list so duplicates show. */
function readHead(page: Page): Promise<Head> {
  return page.evaluate(() => {
    const grouped = (selector: string, key: string) => {
      const map: Record<string, string[]> = {}
      for (const element of Array.from(document.head.querySelectorAll(selector))) {
        const name = element.getAttribute(key)!
        ;(map[name] ??= []).push(element.getAttribute('content') ?? '')
      }
      return map
    }
    return {
      lang: document.documentElement.getAttribute('lang'),
      title: document.title,
      description: Array.from(document.head.querySelectorAll('meta[name="description"]')).map(
        (meta) => meta.getAttribute('content') ?? '',
      ),
      canonical: Array.from(document.head.querySelectorAll('link[rel="canonical"]')).map(
        (link) => link.getAttribute('href') ?? '',
      ),
      og: grouped('meta[property^="og:"]', 'property'),
      twitter: grouped('meta[name^="twitter:"]', 'name'),
      jsonLd: Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map((script) =>
        JSON.parse(script.textContent ?? 'null'),
      ),
    }
  })
}

/** The tags every public screen carries, consistent with each other; returns the head for more checks. */
async function expectSeo(page: Page, path: string, expected: { title: string; canonicalPath?: string; type?: string }) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  const head = await readHead(page)
  const title = `${expected.title} - ${SITE}`
  const canonical = `${base()}${expected.canonicalPath ?? path}`
  expect(head.lang, path).toBe('id')
  expect(head.title, path).toBe(title)
  expect(head.description, path).toHaveLength(1)
  expect(head.description[0].length, path).toBeGreaterThan(20)
  expect(head.description[0].length, path).toBeLessThanOrEqual(161)
  expect(head.canonical, path).toEqual([canonical])
  for (const [property, value] of Object.entries(head.og)) expect(value, `${path} ${property}`).toHaveLength(1)
  for (const [name, value] of Object.entries(head.twitter)) expect(value, `${path} ${name}`).toHaveLength(1)
  expect(head.og['og:title'], path).toEqual([title])
  expect(head.og['og:description'], path).toEqual(head.description)
  expect(head.og['og:url'], path).toEqual([canonical])
  expect(head.og['og:type'], path).toEqual([expected.type ?? 'website'])
  expect(head.og['og:site_name'], path).toEqual([SITE])
  expect(head.og['og:locale'], path).toEqual(['id_ID'])
  expect(head.og['og:image']?.[0], path).toMatch(new RegExp(`^${base()}/`))
  expect(head.twitter['twitter:title'], path).toEqual([title])
  expect(head.twitter['twitter:description'], path).toEqual(head.description)
  expect(head.twitter['twitter:image'], path).toEqual(head.og['og:image'])
  expect(['summary', 'summary_large_image'], path).toContain(head.twitter['twitter:card']?.[0])
  // The shared picture exists.
  const image = await fetch(head.og['og:image'][0])
  expect(image.status, head.og['og:image'][0]).toBe(200)
  expect(image.headers.get('content-type'), path).toMatch(/^image\//)
  return head
}

let post: any
let product: any
let villagePage: any
let person: any

beforeAll(async () => {
  post = await content.post({
    title: `Musyawarah Desa ${content.tag}`,
    content: `<p>Warga berkumpul di balai desa untuk membahas rencana pembangunan jalan dan irigasi tahun depan.</p>`,
  })
  product = await content.product({
    title: `Kopi Robusta ${content.tag}`,
    price: 85000,
    content: '<p>Kopi robusta petik merah dari kebun warga, disangrai sedang.</p>',
  })
  villagePage = await content.page(
    `Sejarah Desa ${content.tag}`,
    '<p>Desa ini berdiri pada tahun 1920 ketika para petani membuka hutan di kaki gunung.</p>',
  )
  person = await content.aparatur({
    name: `Siti Aminah ${content.tag}`,
    position: 'Sekretaris Desa',
    description: '<p>Mengurus administrasi desa sejak 2015.</p>',
  })
})

describe('every public screen has its own title, description, canonical address, OpenGraph and Twitter tags', () => {
  it('list and fixed screens', async () => {
    const page = await newPage()
    const screens: [string, string][] = [
      ['/', 'Selamat Datang'],
      ['/pages', 'Tentang Desa'],
      ['/aparaturs', 'Aparaturs'],
      ['/posts', 'Berita'],
      ['/products', 'Produk Desa'],
      ['/photos', 'Galeri'],
      ['/privacy', 'Kebijakan Privasi'],
      ['/terms', 'Syarat dan Ketentuan'],
    ]
    const descriptions = new Set<string>()
    const titles = new Set<string>()
    for (const [path, title] of screens) {
      const head = await expectSeo(page, path, { title })
      descriptions.add(head.description[0])
      titles.add(head.title)
    }
    expect(titles.size).toBe(screens.length)
    expect(descriptions.size).toBe(screens.length)
    // /berita is the news list under another name: it points search engines at /posts, page included.
    await expectSeo(page, '/berita', { title: 'Berita', canonicalPath: '/posts' })
    await expectSeo(page, '/berita?page=2', { title: 'Berita', canonicalPath: '/posts?page=2' })
    // A later page of a list is its own address; a search is not.
    await expectSeo(page, '/posts?page=2', { title: 'Berita' })
    await expectSeo(page, '/posts?search=panen', { title: 'Berita', canonicalPath: '/posts' })
    expect(await page.settled()).toEqual([])
  })

  it('a post: its picture, summary and NewsArticle data', async () => {
    const page = await newPage()
    const head = await expectSeo(page, `/posts/${post.slug}`, { title: post.title, type: 'article' })
    const image = `${base()}/uploads/posts/${post.image}`
    expect(head.og['og:image']).toEqual([image])
    expect(head.og['og:image:alt']).toEqual([post.title])
    expect(head.twitter['twitter:card']).toEqual(['summary_large_image'])
    expect(head.description[0]).toContain('Warga berkumpul di balai desa')
    const article = head.jsonLd.find((graph) => graph['@type'] === 'NewsArticle')
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      headline: post.title,
      url: `${base()}/posts/${post.slug}`,
      image: [image],
      datePublished: post.published_at, // when it was published (drafts and scheduling)
      dateModified: post.updated_at,
      author: { '@type': 'Person', name: post.user.name },
      publisher: { '@type': 'GovernmentOrganization', name: SITE },
      inLanguage: 'id',
    })
    expect(await page.settled()).toEqual([])
  })

  it('a product: its picture and Product data with the price in rupiah', async () => {
    const page = await newPage()
    const head = await expectSeo(page, `/products/${product.slug}`, { title: product.title, type: 'product' })
    const image = `${base()}/uploads/products/${product.image}`
    expect(head.og['og:image']).toEqual([image])
    expect(head.twitter['twitter:card']).toEqual(['summary_large_image'])
    expect(head.description[0]).toContain('Kopi robusta petik merah')
    expect(head.jsonLd.find((graph) => graph['@type'] === 'Product')).toMatchObject({
      '@context': 'https://schema.org',
      name: product.title,
      image: [image],
      url: `${base()}/products/${product.slug}`,
      offers: { '@type': 'Offer', price: '85000', priceCurrency: 'IDR', seller: { name: 'Penjual Uji' } },
    })
    expect(await page.settled()).toEqual([])
  })

  it('a page and an official', async () => {
    const page = await newPage()
    const pageHead = await expectSeo(page, `/pages/${villagePage.slug}`, { title: villagePage.title, type: 'article' })
    expect(pageHead.description[0]).toContain('Desa ini berdiri pada tahun 1920')
    // A page has no picture of its own: the village icon is shared, as a small card.
    expect(pageHead.og['og:image']).toEqual([`${base()}/icon-512.png`])
    expect(pageHead.twitter['twitter:card']).toEqual(['summary'])

    const personHead = await expectSeo(page, `/aparaturs/${person.id}`, { title: person.name, type: 'profile' })
    expect(personHead.og['og:image']).toEqual([`${base()}/uploads/aparaturs/${person.image}`])
    expect(personHead.description[0]).toContain('Mengurus administrasi desa')
    expect(personHead.jsonLd.find((graph) => graph['@type'] === 'Person')).toMatchObject({
      name: person.name,
      jobTitle: 'Sekretaris Desa',
    })
    expect(await page.settled()).toEqual([])
  })

  it('the gallery shares its newest photo', async () => {
    const page = await newPage()
    const head = await expectSeo(page, '/photos', { title: 'Galeri' })
    const firstTile = await page.getByRole('main').getByRole('img').first().getAttribute('src')
    expect(head.og['og:image']).toEqual([`${base()}${firstTile}`])
    expect(head.twitter['twitter:card']).toEqual(['summary_large_image'])
  })

  it('the home page describes the village as a GovernmentOrganization', async () => {
    const page = await newPage()
    const head = await expectSeo(page, '/', { title: 'Selamat Datang' })
    expect(head.jsonLd.find((graph) => graph['@type'] === 'GovernmentOrganization')).toMatchObject({
      '@context': 'https://schema.org',
      name: SITE,
      url: `${base()}/`,
      logo: `${base()}/icon-512.png`,
      address: { '@type': 'PostalAddress', addressCountry: 'ID' },
    })
    expect(head.jsonLd.find((graph) => graph['@type'] === 'WebSite')).toMatchObject({ name: SITE, url: `${base()}/` })
    // JSON-LD is data: the CSP refuses nothing on the page.
    expect(await page.settled()).toEqual([])
  })

  it('keeps the tags right when moving between screens without a reload', async () => {
    const page = await newPage()
    await page.goto(`/posts?search=${encodeURIComponent(content.tag)}`)
    await page.getByRole('link', { name: post.title }).first().click()
    await page.waitForURL(`**/posts/${post.slug}`)
    await page.waitForFunction((title) => document.title === title, `${post.title} - ${SITE}`)
    const head = await readHead(page)
    expect(head.canonical).toEqual([`${base()}/posts/${post.slug}`])
    expect(head.og['og:image']).toEqual([`${base()}/uploads/posts/${post.image}`])
    expect(head.jsonLd.map((graph) => graph['@type'])).toEqual(['NewsArticle'])
    expect(await page.settled()).toEqual([])
  })

  it(
    'an address with tracking parameters gets the page of the plain address, ' + 'its canonical link, and hydrates',
    async () => {
      const page = await newPage()
      // The plain address first, so the tracked one can be answered from its stored copy.
      await expectSeo(page, '/', { title: 'Selamat Datang' })
      await expectSeo(page, '/?fbclid=IwAR0uji&utm_source=whatsapp&utm_medium=social', {
        title: 'Selamat Datang',
        canonicalPath: '/',
      })
      // Hydrated: a link is followed by the client-side router, without loading a new document.
      await page.evaluate(() => ((window as any).__sameDocument = true))
      await page.getByRole('link', { name: /Lihat Semua Berita/ }).click()
      await page.waitForURL('**/berita')
      await page.waitForFunction(() => document.title.startsWith('Berita - '))
      expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true)
      await expectSeo(page, '/posts?page=2', { title: 'Berita' })
      await expectSeo(page, '/posts?gclid=x&page=2&utm_campaign=y', { title: 'Berita', canonicalPath: '/posts?page=2' })
      expect(await page.settled()).toEqual([])
    },
  )

  it('a missing item is not indexed', async () => {
    const page = await newPage()
    const response = await page.goto(`/posts/tidak-ada-${content.tag}`)
    expect(response?.status()).toBe(404)
    expect(await page.title()).toBe(`Halaman Tidak Ditemukan - ${SITE}`)
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0)
  })

  it('every screen, admin included, is in Indonesian and links the manifest, icons and feed', async () => {
    const page = await newPage()
    for (const path of ['/', `/posts/${post.slug}`, '/login']) {
      await page.goto(path)
      expect(await page.locator('html').getAttribute('lang')).toBe('id')
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest')
      expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/apple-touch-icon.png')
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg')
      expect(await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href')).toBe(
        '/rss.xml',
      )
    }
  })
})
