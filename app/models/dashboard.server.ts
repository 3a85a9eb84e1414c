import { prisma } from '~/server/db.server'
import { now } from '~/server/clock.server'
import { visibleWhere } from './publishing.server'

/**
 * The counts of the admin dashboard: the original client's four, then those the later issues add beside them
 * (docs/api.md: a client that reads only the four is unaffected).
 */
export async function dashboardCounts() {
  const at = now()
  const [categories_count, posts_count, products_count, aparaturs_count] = await Promise.all([
    prisma.category.count(),
    prisma.post.count(),
    prisma.product.count(),
    prisma.aparatur.count(),
  ])
  // Village information: the events still to come (published), the announcements showing now, the datasets.
  const [upcoming_events_count, showing_announcements_count, statistics_count] = await Promise.all([
    prisma.event.count({ where: { ...visibleWhere(at), ended_at: { gt: at } } }),
    prisma.announcement.count({ where: { starts_at: { lte: at }, OR: [{ ends_at: null }, { ends_at: { gt: at } }] } }),
    prisma.statistic.count(),
  ])
  return {
    categories_count,
    posts_count,
    products_count,
    aparaturs_count,
    upcoming_events_count,
    showing_announcements_count,
    statistics_count,
  }
}
