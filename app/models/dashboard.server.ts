import { prisma } from '~/utils/db.server'
import { z } from '~/utils/response-shape.server'
import { countOpenReports } from './report.server'
import { now } from '~/utils/clock.server'
import { visibleWhere } from './publishing.server'

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
    upcoming_events_count: z.number().int().openapi({ description: 'Published events not yet ended.' }),
    showing_announcements_count: z.number().int().openapi({ description: 'Announcements showing now.' }),
    statistics_count: z.number().int(),
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
  // Village information: the events still to come (published), the announcements showing now, the datasets.
  const at = now()
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
    open_reports,
    upcoming_events_count,
    showing_announcements_count,
    statistics_count,
  }
}
