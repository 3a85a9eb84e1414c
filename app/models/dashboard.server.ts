import { prisma } from '~/utils/db.server'
import { z } from '~/utils/response-shape.server'
import { countOpenReports } from './report.server'

/** The counts of the admin dashboard (`GET /api/admin/dashboard`), the citizens' reports waiting included. */
export const dashboardResponse = z
  .object({
    categories_count: z.number().int(),
    posts_count: z.number().int(),
    products_count: z.number().int(),
    aparaturs_count: z.number().int(),
    open_reports: z
      .number()
      .int()
      .openapi({ description: "Citizens' reports waiting for an answer (`baru` or `diproses`)." }),
  })
  .openapi('Dashboard')

export async function dashboardCounts(): Promise<z.infer<typeof dashboardResponse>> {
  const [categories_count, posts_count, products_count, aparaturs_count, open_reports] = await Promise.all([
    prisma.category.count(),
    prisma.post.count(),
    prisma.product.count(),
    prisma.aparatur.count(),
    countOpenReports(),
  ])
  return { categories_count, posts_count, products_count, aparaturs_count, open_reports }
}
