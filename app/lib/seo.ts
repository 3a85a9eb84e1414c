import { isRouteErrorResponse, type MetaArgs, type MetaDescriptor } from '@remix-run/react'
import { excerpt } from '~/lib/format'

/** What the root loader tells every route about the village (its site settings, and SITE_URL or the request's origin). */
export type SeoSite = { name: string; url: string; address: string; phone: string; email: string; logo?: string | null }

/** The village as every screen shows it: the site settings, with the public address. */
export type Site = SeoSite & { tagline: string; logo: string | null; whatsapp: string; facebook: string; instagram: string; youtube: string; mapUrl: string }

export function siteOf(
  settings: { site_name: string; tagline: string; logo: string | null; address: string; phone: string; email: string; whatsapp: string; facebook: string; instagram: string; youtube: string; map_url: string },
  url: string,
): Site {
  return {
    name: settings.site_name,
    tagline: settings.tagline,
    logo: settings.logo,
    url,
    address: settings.address,
    phone: settings.phone,
    email: settings.email,
    whatsapp: settings.whatsapp,
    facebook: settings.facebook,
    instagram: settings.instagram,
    youtube: settings.youtube,
    mapUrl: settings.map_url,
  }
}

type RootMatchData = { site?: Partial<SeoSite> } | undefined

export function seoSiteFrom(matches: MetaArgs['matches']): SeoSite {
  const site = (matches.find((match) => match.id === 'root')?.data as RootMatchData)?.site ?? {}
  return {
    name: site.name ?? 'Balai Desa',
    url: (site.url ?? '').replace(/\/+$/, ''),
    address: site.address ?? '',
    phone: site.phone ?? '',
    email: site.email ?? '',
    logo: site.logo ?? null,
  }
}

/** The village's logo as an absolute address (the site's icon while no logo is set). */
export const logoUrl = (site: SeoSite) => absoluteUrl(site.url, uploadPath('settings', site.logo) ?? DEFAULT_IMAGE)

/** `path` made absolute on the site's own address (already absolute addresses pass unchanged). */
export function absoluteUrl(siteUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path
  return `${siteUrl.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`
}

export type UploadKind = 'posts' | 'products' | 'photos' | 'sliders' | 'aparaturs' | 'settings'

/** Where an uploaded image is served, as a path (`null` when the item has none). */
export const uploadPath = (kind: UploadKind, image: string | null | undefined) =>
  image ? `/uploads/${kind}/${encodeURIComponent(image)}` : null

/** The square icon of the web app manifest: the picture shared when a page has none of its own. */
export const DEFAULT_IMAGE = '/icon-512.png'

/** A description of at most 160 characters from rich text, or `fallback` when the text is empty. */
export function describe(html: string | null | undefined, fallback: string): string {
  const text = excerpt(html, 160)
  return text || fallback
}

export type JsonLd = Record<string, unknown>

export type SeoPage = {
  /** The screen's own name; the title becomes `{title} - {SITE_NAME}`. */
  title: string
  description: string
  /** The page's address (path and, for a paged list, `?page=n`); defaults to the current path. */
  path?: string
  /** A path or absolute address of the page's own picture. */
  image?: string | null
  imageAlt?: string
  type?: 'website' | 'article' | 'product' | 'profile'
  jsonLd?: JsonLd | JsonLd[]
}

/**
 * Every tag a public page needs to be found and shared: title, description, canonical address,
 * OpenGraph, Twitter card and JSON-LD (rendered by Remix as `<script type="application/ld+json">`:
 * data, which the CSP lets through, with `<` escaped so text can never close the element).
 */
export function seoMeta(site: SeoSite, page: SeoPage, location?: { pathname: string; search: string }): MetaDescriptor[] {
  const title = `${page.title} - ${site.name}`
  const url = absoluteUrl(site.url, page.path ?? canonicalPath(location))
  const image = absoluteUrl(site.url, page.image || DEFAULT_IMAGE)
  const hasOwnImage = Boolean(page.image)
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: site.name },
    { property: 'og:locale', content: 'id_ID' },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:alt', content: page.imageAlt ?? page.title },
    { name: 'twitter:card', content: hasOwnImage ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: page.imageAlt ?? page.title },
  ]
  const graphs = page.jsonLd === undefined ? [] : Array.isArray(page.jsonLd) ? page.jsonLd : [page.jsonLd]
  for (const graph of graphs) tags.push({ 'script:ld+json': { '@context': 'https://schema.org', ...graph } })
  return tags
}

/** The current path, keeping only `page` above 1 (a search result is not a page of its own). */
export function canonicalPath(location?: { pathname: string; search: string }): string {
  if (!location) return '/'
  const page = Number(new URLSearchParams(location.search).get('page'))
  return Number.isInteger(page) && page > 1 ? `${location.pathname}?page=${page}` : location.pathname
}

/**
 * A route's `meta`: the SEO tags built from its loader data, or the error screen's title when the
 * route failed (its `meta` then runs without data).
 */
export function routeSeo<Data>(
  args: { data: Data | undefined; matches: MetaArgs['matches']; location: { pathname: string; search: string }; error?: unknown },
  build: (data: Data, site: SeoSite) => SeoPage,
): MetaDescriptor[] {
  const site = seoSiteFrom(args.matches)
  if (args.error || args.data === undefined || args.data === null) {
    const notFound = isRouteErrorResponse(args.error) && args.error.status === 404
    return [{ title: `${notFound ? 'Halaman Tidak Ditemukan' : 'Terjadi Kesalahan'} - ${site.name}` }, { name: 'robots', content: 'noindex' }]
  }
  return seoMeta(site, build(args.data, site), args.location)
}

/** The village as the organisation behind the site (home page, publisher of every article). */
export function villageLd(site: SeoSite): JsonLd {
  return {
    '@type': 'GovernmentOrganization',
    '@id': `${absoluteUrl(site.url, '/')}#desa`,
    name: site.name,
    url: absoluteUrl(site.url, '/'),
    logo: logoUrl(site),
    ...(site.address ? { address: { '@type': 'PostalAddress', streetAddress: site.address, addressCountry: 'ID' } } : {}),
    ...(site.phone ? { telephone: site.phone } : {}),
    ...(site.email ? { email: site.email } : {}),
  }
}

type DateLike = string | Date

const iso = (value: DateLike) => new Date(value).toISOString()

export function newsArticleLd(
  site: SeoSite,
  post: { title: string; slug: string; content: string; image: string | null; created_at: DateLike; updated_at: DateLike; user?: { name: string } | null; category?: { name: string } | null },
): JsonLd {
  const url = absoluteUrl(site.url, `/posts/${post.slug}`)
  const image = uploadPath('posts', post.image)
  return {
    '@type': 'NewsArticle',
    headline: post.title.slice(0, 110),
    description: describe(post.content, post.title),
    url,
    mainEntityOfPage: url,
    image: [absoluteUrl(site.url, image ?? DEFAULT_IMAGE)],
    datePublished: iso(post.created_at),
    dateModified: iso(post.updated_at),
    inLanguage: 'id',
    ...(post.category?.name ? { articleSection: post.category.name } : {}),
    author: post.user?.name ? { '@type': 'Person', name: post.user.name } : { '@type': 'GovernmentOrganization', name: site.name },
    publisher: { '@type': 'GovernmentOrganization', name: site.name, logo: { '@type': 'ImageObject', url: logoUrl(site) } },
  }
}

export function productLd(
  site: SeoSite,
  product: { title: string; slug: string; content: string; image: string | null; price: number; owner: string },
): JsonLd {
  const url = absoluteUrl(site.url, `/products/${product.slug}`)
  const image = uploadPath('products', product.image)
  return {
    '@type': 'Product',
    name: product.title,
    description: describe(product.content, product.title),
    url,
    ...(image ? { image: [absoluteUrl(site.url, image)] } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: String(product.price),
      priceCurrency: 'IDR',
      availability: 'https://schema.org/InStock',
      seller: { '@type': 'Person', name: product.owner },
    },
  }
}

export function personLd(site: SeoSite, person: { id: number; name: string; position: string; image: string | null }): JsonLd {
  const image = uploadPath('aparaturs', person.image)
  return {
    '@type': 'Person',
    name: person.name,
    jobTitle: person.position,
    url: absoluteUrl(site.url, `/aparaturs/${person.id}`),
    ...(image ? { image: absoluteUrl(site.url, image) } : {}),
    worksFor: { '@type': 'GovernmentOrganization', name: site.name, url: absoluteUrl(site.url, '/') },
  }
}
