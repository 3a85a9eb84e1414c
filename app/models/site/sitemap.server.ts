import { prisma } from '~/utils/db.server'
import { now } from '~/utils/clock.server'
import { navigationPaths } from '~/lib/site-navigation'
import { postSelect } from '~/models/content/post.server'
import { publicOrderBy, visibleWhere } from '~/models/content/publishing.server'
import { sitemapDocuments } from '~/models/village-info/document.server'

/**
 * The public screens that exist whatever the content: every destination of the menu (app/lib/site-navigation.ts, the
 * list the header and the footer read) and the legal texts; /berita is /posts under another name.
 */
export const STATIC_PATHS = [...new Set([...navigationPaths(), '/privacy', '/terms', '/layanan/lacak'])]
import { sitemapBudgets } from '~/models/village-info/budget.server'
import { sitemapDevelopments } from '~/models/village-info/development.server'

/** A sitemap holds at most 50,000 addresses. */
const SITEMAP_LIMIT = 50_000

export type SitemapEntry = { path: string; lastModified?: Date }

/**
 * Every public address: the fixed screens, then every page, post and product the public may see (newest publish
 * time first), every official,  the published budget years and projects, then the published events and datasets and the
 * announcements that have started.
 */
export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const take = SITEMAP_LIMIT
  const slugged = {
    select: { slug: true, updated_at: true },
    where: visibleWhere(now()),
    orderBy: publicOrderBy(),
    take,
  }
  const [pages, posts, products, aparaturs, documents, budgets, developments] = await Promise.all([
    prisma.page.findMany(slugged),
    prisma.post.findMany(slugged),
    prisma.product.findMany(slugged),
    prisma.aparatur.findMany({ select: { id: true, updated_at: true }, orderBy: { id: 'desc' }, take }),
    sitemapDocuments(take),
    sitemapBudgets(),
    sitemapDevelopments(take),
  ])
  // Village information: the published events and datasets, the announcements that have started.
  const [events, statistics, announcements] = await Promise.all([
    prisma.event.findMany(slugged),
    prisma.statistic.findMany(slugged),
    prisma.announcement.findMany({
      select: { id: true, updated_at: true },
      where: { starts_at: { lte: now() } },
      orderBy: [{ starts_at: 'desc' }, { id: 'desc' }],
      take,
    }),
  ])
  const entries: SitemapEntry[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...pages.map((page) => ({ path: `/pages/${page.slug}`, lastModified: page.updated_at })),
    ...posts.map((post) => ({ path: `/posts/${post.slug}`, lastModified: post.updated_at })),
    ...products.map((product) => ({ path: `/products/${product.slug}`, lastModified: product.updated_at })),
    ...aparaturs.map((person) => ({ path: `/aparaturs/${person.id}`, lastModified: person.updated_at })),
    ...documents.map((document) => ({
      path: `/dokumen/${encodeURIComponent(document.slug)}`,
      lastModified: document.updated_at,
    })),
    ...events.map((event) => ({ path: `/agenda/${event.slug}`, lastModified: event.updated_at })),
    ...statistics.map((dataset) => ({ path: `/statistik/${dataset.slug}`, lastModified: dataset.updated_at })),
    ...announcements.map((item) => ({ path: `/pengumuman/${item.id}`, lastModified: item.updated_at })),
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
