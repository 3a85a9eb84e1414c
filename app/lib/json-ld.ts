import { uploadUrl } from '~/lib/upload-urls'
import { absoluteUrl, describe, logoUrl, type JsonLd } from '~/lib/seo'
import type { Site } from '~/lib/site'

/** The JSON-LD of the detail screens (an article, a product, an official); the home page's is villageLd in seo.ts. */

type DateLike = string | Date

const iso = (value: DateLike) => new Date(value).toISOString()

/** A picture's address, or an ImageObject with its alt text as the caption where the admin wrote one. */
const picture = (url: string, caption: string | undefined) => (caption ? { '@type': 'ImageObject', url, caption } : url)

/** What every item's JSON-LD starts with: its type, its name (the title), a description of its text, its address. */
export const thing = (type: string, site: Site, path: string, item: { title: string }, text: string) => ({
  '@type': type,
  name: item.title,
  description: describe(text, item.title),
  url: absoluteUrl(site.url, path),
})

export function newsArticleLd(
  site: Site,
  post: {
    title: string
    slug: string
    content: string
    image: string | null
    image_alt?: string
    created_at: DateLike
    published_at?: DateLike | null
    updated_at: DateLike
    user?: { name: string } | null
    category?: { name: string } | null
  },
): JsonLd {
  const url = absoluteUrl(site.url, `/posts/${post.slug}`)
  const image = uploadUrl('posts', post.image)
  return {
    '@type': 'NewsArticle',
    headline: post.title.slice(0, 110),
    description: describe(post.content, post.title),
    url,
    mainEntityOfPage: url,
    image: [image ? picture(absoluteUrl(site.url, image), post.image_alt) : logoUrl(site)],
    datePublished: iso(post.published_at ?? post.created_at),
    dateModified: iso(post.updated_at),
    inLanguage: 'id',
    ...(post.category?.name ? { articleSection: post.category.name } : {}),
    author: post.user?.name
      ? { '@type': 'Person', name: post.user.name }
      : { '@type': 'GovernmentOrganization', name: site.name },
    publisher: {
      '@type': 'GovernmentOrganization',
      name: site.name,
      logo: { '@type': 'ImageObject', url: logoUrl(site) },
    },
  }
}

export function productLd(
  site: Site,
  product: {
    title: string
    slug: string
    content: string
    image: string | null
    image_alt?: string
    price: number
    owner: string
  },
): JsonLd {
  const base = thing('Product', site, `/products/${product.slug}`, product, product.content)
  const image = uploadUrl('products', product.image)
  return {
    ...base,
    ...(image ? { image: [picture(absoluteUrl(site.url, image), product.image_alt)] } : {}),
    offers: {
      '@type': 'Offer',
      url: base.url,
      price: String(product.price),
      priceCurrency: 'IDR',
      availability: 'https://schema.org/InStock',
      seller: { '@type': 'Person', name: product.owner },
    },
  }
}

export function personLd(
  site: Site,
  person: { id: number; name: string; position: string; image: string | null; image_alt?: string },
): JsonLd {
  const image = uploadUrl('aparaturs', person.image)
  return {
    '@type': 'Person',
    name: person.name,
    jobTitle: person.position,
    url: absoluteUrl(site.url, `/aparaturs/${person.id}`),
    ...(image ? { image: picture(absoluteUrl(site.url, image), person.image_alt) } : {}),
    worksFor: { '@type': 'GovernmentOrganization', name: site.name, url: absoluteUrl(site.url, '/') },
  }
}
