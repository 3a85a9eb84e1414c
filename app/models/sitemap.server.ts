import { prisma } from '~/utils/db.server'
import { now } from '~/utils/clock.server'
import { sitemapBudgets } from './budget.server'
import { sitemapDevelopments } from './development.server'
import { postSelect } from './post.server'
import { publicOrderBy, visibleWhere } from './publishing.server'

/**
 * The public screens that exist whatever the content (the list screens, the legal texts); /berita is /posts under
 * another name.
 */
export const STATIC_PATHS = [
  '/',
  '/pages',
  '/aparaturs',
  '/posts',
  '/products',
  '/photos',
  '/privacy',
  '/terms',
  '/apbdes',
  '/pembangunan',
] as const

/** A sitemap holds at most 50,000 addresses. */
const SITEMAP_LIMIT = 50_000

export type SitemapEntry = { path: string; lastModified?: Date }

/**
 * Every public address: the fixed screens, then every page, post and product the public may see (newest publish
 * time first) and every official.
 */
export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const take = SITEMAP_LIMIT
  const slugged = {
    select: { slug: true, updated_at: true },
    where: visibleWhere(now()),
    orderBy: publicOrderBy(),
    take,
  }
  const [pages, posts, products, aparaturs, budgets, developments] = await Promise.all([
    prisma.page.findMany(slugged),
    prisma.post.findMany(slugged),
    prisma.product.findMany(slugged),
    prisma.aparatur.findMany({ select: { id: true, updated_at: true }, orderBy: { id: 'desc' }, take }),
    sitemapBudgets(),
    sitemapDevelopments(take),
  ])
  const entries: SitemapEntry[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...pages.map((page) => ({ path: `/pages/${page.slug}`, lastModified: page.updated_at })),
    ...posts.map((post) => ({ path: `/posts/${post.slug}`, lastModified: post.updated_at })),
    ...products.map((product) => ({ path: `/products/${product.slug}`, lastModified: product.updated_at })),
    ...aparaturs.map((person) => ({ path: `/aparaturs/${person.id}`, lastModified: person.updated_at })),
    // Village information and services: each published budget year and development project.
    ...budgets.map((budget) => ({ path: `/apbdes/${budget.year}`, lastModified: budget.updated_at })),
    ...developments.map((project) => ({ path: `/pembangunan/${project.slug}`, lastModified: project.updated_at })),
  ]
  return entries.slice(0, SITEMAP_LIMIT)
}

export const FEED_SIZE = 20

/** The newest posts the public may see, for the RSS feed, with author and category. */
export const feedPosts = () =>
  prisma.post.findMany({ select: postSelect, where: visibleWhere(now()), orderBy: publicOrderBy(), take: FEED_SIZE })
