import type { MetaArgs, MetaDescriptor } from '@remix-run/react'
import { excerpt } from '~/lib/format'
import { errorTitle, screenTitle, siteFromMatches, type Site } from '~/lib/site'
import { uploadUrl } from '~/lib/upload-urls'

/** `path` made absolute on the site's own address (already absolute addresses pass unchanged). */
export function absoluteUrl(siteUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path
  return `${siteUrl.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`
}

/** The square icon of the web app manifest: the picture shared when a page has none of its own and no logo is set. */
export const DEFAULT_IMAGE = '/icon-512.png'

/** The village's logo (Pengaturan Situs) as an absolute address; the site's icon while no logo is set. */
export const logoUrl = (site: Site) => absoluteUrl(site.url, uploadUrl('settings', site.logo) ?? DEFAULT_IMAGE)

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
  /** Keep it out of search engines (a staff member's preview of a draft). */
  noindex?: boolean
}

/** The `meta` of a page with its own address whose description names the village: `{lead} {site name}.` */
export const pageMeta =
  (title: string, path: string, lead: string) => (args: Parameters<typeof routeSeo<unknown>>[0]) =>
    routeSeo(args, (_data, site) => ({ title, description: `${lead} ${site.name}.`, path }))

type SeoItem = { title: string; content: string | null; image: string | null; image_alt?: string | null }

/**
 * The `meta` of a post's or a product's page (`data[key]`): its title, its text's opening as the description, its
 * picture, `type` and JSON-LD, and `noindex` while it is a staff member's preview (`data.preview`).
 */
export function itemMeta<Key extends 'post' | 'product', Item extends SeoItem>(
  kind: 'posts' | 'products',
  key: Key,
  type: SeoPage['type'],
  jsonLd: (site: Site, item: Item) => JsonLd,
) {
  return (args: Parameters<typeof routeSeo<{ preview?: unknown } & Record<Key, Item>>>[0]) =>
    routeSeo(args, (data, site) => {
      const item = data[key]
      return {
        title: item.title,
        description: describe(item.content, item.title),
        image: uploadUrl(kind, item.image),
        imageAlt: item.image_alt || undefined,
        type,
        jsonLd: jsonLd(site, item),
        noindex: !!data.preview,
      }
    })
}

/**
 * Every tag a public page needs to be found and shared: title, description, canonical address,
 * OpenGraph, Twitter card and JSON-LD (rendered by Remix as `<script type="application/ld+json">`:
 * data, which the CSP lets through, with `<` escaped so text can never close the element).
 */
export function seoMeta(site: Site, page: SeoPage, location?: { pathname: string; search: string }): MetaDescriptor[] {
  const title = `${page.title} - ${site.name}`
  const url = absoluteUrl(site.url, page.path ?? canonicalPath(location))
  // A page without a picture of its own is shared with the village's logo (the site's icon while none is set).
  const hasOwnImage = Boolean(page.image)
  const image = page.image ? absoluteUrl(site.url, page.image) : logoUrl(site)
  const imageAlt = hasOwnImage ? (page.imageAlt ?? page.title) : site.logo ? site.logoAlt || site.name : page.title
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
    { property: 'og:image:alt', content: imageAlt },
    { name: 'twitter:card', content: hasOwnImage ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: imageAlt },
  ]
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex' })
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
  args: {
    data: Data | undefined
    matches: MetaArgs['matches']
    location: { pathname: string; search: string }
    error?: unknown
  },
  build: (data: Data, site: Site) => SeoPage,
): MetaDescriptor[] {
  if (args.error || args.data === undefined || args.data === null) {
    return [{ title: screenTitle(args.matches, errorTitle(args.error)) }, { name: 'robots', content: 'noindex' }]
  }
  const site = siteFromMatches(args.matches)
  return seoMeta(site, build(args.data, site), args.location)
}

/** The village as the organisation behind the site (home page, publisher of every article). */
export function villageLd(site: Site): JsonLd {
  return {
    '@type': 'GovernmentOrganization',
    '@id': `${absoluteUrl(site.url, '/')}#desa`,
    name: site.name,
    url: absoluteUrl(site.url, '/'),
    logo: logoUrl(site),
    ...(site.address
      ? { address: { '@type': 'PostalAddress', streetAddress: site.address, addressCountry: 'ID' } }
      : {}),
    ...(site.phone ? { telephone: site.phone } : {}),
    ...(site.email ? { email: site.email } : {}),
  }
}
