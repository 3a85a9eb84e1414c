/**
 * A village's figures in the regency console's list (app/models/regency/regency.server.ts `villageStats`, shown by
 * app/components/regency/village-list.tsx), read in the village's own database.
 */
export type VillageStats = {
  posts_count: number
  last_published_at: string | null
  posts_30d: number
  budget_year: number | null
  open_reports: number
  pending_letters: number
  ppid_on_time_pct: number | null
}
