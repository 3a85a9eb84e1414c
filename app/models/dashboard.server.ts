import { prisma } from '~/server/db.server'
import { countOpenReports } from './report.server'

/** The four counts of the admin dashboard, and the citizens' reports waiting for an answer (`open_reports`). */
export async function dashboardCounts() {
  const [categories_count, posts_count, products_count, aparaturs_count, open_reports] = await Promise.all([
    prisma.category.count(),
    prisma.post.count(),
    prisma.product.count(),
    prisma.aparatur.count(),
    countOpenReports(),
  ])
  return { categories_count, posts_count, products_count, aparaturs_count, open_reports }
}
