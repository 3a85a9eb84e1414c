import { prisma } from '~/utils/db.server'

/** The four counts of the admin dashboard. */
export async function dashboardCounts() {
  const [categories_count, posts_count, products_count, aparaturs_count] = await Promise.all([
    prisma.category.count(),
    prisma.post.count(),
    prisma.product.count(),
    prisma.aparatur.count(),
  ])
  return { categories_count, posts_count, products_count, aparaturs_count }
}
