import { prisma } from '~/utils/db.server'
import { z } from '~/utils/response-shape.server'
import { countOpenReports } from '~/models/citizen-services/report.server'
import { countPendingLetters } from '~/models/citizen-services/letter-request.server'
import { now } from '~/utils/clock.server'
import { visibleWhere } from '~/models/content/publishing.server'
import { newestBudgetYear } from '~/models/village-info/budget.server'
import { countRunningDevelopments } from '~/models/village-info/development.server'

/**
 * The counts of the admin dashboard (`GET /api/admin/dashboard`): the original client's four, and beside them those
 * of the village information (the citizens' reports waiting, the newest published budget year, the projects under
 * way, the events to come, the announcements showing, the datasets).
 */
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
    pending_letters: z
      .number()
      .int()
      .openapi({ description: 'Letter requests waiting for the village (`diajukan` or `diproses`).' }),
    budget_year: z.number().int().nullable().openapi({ description: 'The newest published APBDes year, or null.' }),
    running_developments: z.number().int().openapi({ description: 'Development projects under way (`berjalan`).' }),
    upcoming_events_count: z.number().int().openapi({ description: 'Published events not yet ended.' }),
    showing_announcements_count: z.number().int().openapi({ description: 'Announcements showing now.' }),
    statistics_count: z.number().int(),
  })
  .openapi('Dashboard')

export async function dashboardCounts(): Promise<z.infer<typeof dashboardResponse>> {
  const at = now()
  return allOf({
    categories_count: prisma.category.count(),
    posts_count: prisma.post.count(),
    products_count: prisma.product.count(),
    aparaturs_count: prisma.aparatur.count(),
    open_reports: countOpenReports(),
    pending_letters: countPendingLetters(),
    budget_year: newestBudgetYear(),
    running_developments: countRunningDevelopments(),
    // Village information: the events still to come (published), the announcements showing now, the datasets.
    upcoming_events_count: prisma.event.count({ where: { ...visibleWhere(at), ended_at: { gt: at } } }),
    showing_announcements_count: prisma.announcement.count({
      where: { starts_at: { lte: at }, OR: [{ ends_at: null }, { ends_at: { gt: at } }] },
    }),
    statistics_count: prisma.statistic.count(),
  })
}

/** The values of named promises run together, under the same names (in the same order). */
async function allOf<T extends Record<string, PromiseLike<unknown>>>(
  promises: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const values = await Promise.all(Object.values(promises))
  return Object.fromEntries(Object.keys(promises).map((key, index) => [key, values[index]])) as {
    [K in keyof T]: Awaited<T[K]>
  }
}
