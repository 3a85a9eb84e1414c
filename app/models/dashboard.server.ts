import { prisma } from '~/utils/db.server'
import { newestBudgetYear } from './budget.server'
import { countRunningDevelopments } from './development.server'

/**
 * The four counts of the admin dashboard, and beyond the original client (which reads only those four): the newest
 * published budget year (or null) and how many development projects are under way (`Berjalan`).
 */
export async function dashboardCounts() {
  const [categories_count, posts_count, products_count, aparaturs_count, budget_year, running_developments] =
    await Promise.all([
      prisma.category.count(),
      prisma.post.count(),
      prisma.product.count(),
      prisma.aparatur.count(),
      newestBudgetYear(),
      countRunningDevelopments(),
    ])
  return { categories_count, posts_count, products_count, aparaturs_count, budget_year, running_developments }
}
