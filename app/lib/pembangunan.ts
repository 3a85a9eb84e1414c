/**
 * Development projects (pembangunan, docs/api.md "Development projects"): the stage a project's progress puts it in,
 * and the public list's filters. Pure: the model, the public door's canonical addresses and the screens read them.
 */

export const STAGES = ['rencana', 'berjalan', 'selesai'] as const
export type Stage = (typeof STAGES)[number]

export const STAGE_LABELS: Record<Stage, string> = { rencana: 'Rencana', berjalan: 'Berjalan', selesai: 'Selesai' }

/** `Rencana` at 0, `Berjalan` below 100, `Selesai` at 100. */
export const stageOf = (progress: number): Stage =>
  progress <= 0 ? 'rencana' : progress >= 100 ? 'selesai' : 'berjalan'

export const isStage = (value: unknown): value is Stage =>
  typeof value === 'string' && (STAGES as readonly string[]).includes(value)

export type DevelopmentFilters = { year?: number; stage?: Stage }

/**
 * `?year=` and `?stage=` of the public list: a year of four digits and a known stage; anything else is no filter
 * (so every address that lists the same projects has one canonical form).
 */
export function developmentFilters(params: { get(name: string): string | null }): DevelopmentFilters {
  const year = (params.get('year') ?? '').trim()
  const stage = (params.get('stage') ?? '').trim().toLowerCase()
  return {
    ...(/^\d{4}$/.test(year) ? { year: Number(year) } : {}),
    ...(isStage(stage) ? { stage } : {}),
  }
}

/** The filters as the list's paging links and canonical address keep them, in this order. */
export const filterParams = (filters: DevelopmentFilters): [string, string][] => [
  ...(filters.year !== undefined ? [['year', String(filters.year)] as [string, string]] : []),
  ...(filters.stage ? [['stage', filters.stage] as [string, string]] : []),
]

/** The OpenStreetMap page centred on a place (docs/api.md: `https://www.openstreetmap.org/?mlat=..&mlon=..`). */
export const osmUrl = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}`

/** What a project's card shows (the public list sends no more to the browser). */
export type DevelopmentSummary = {
  id: number
  title: string
  slug: string
  location: string
  year: number
  budget: number
  progress: number
  image: string | null
  image_alt: string
}

const summaries = new WeakMap<object, DevelopmentSummary>()

/** A card's summary of a project row, made once per row object (the read memo shares rows between requests). */
export function developmentSummary(row: DevelopmentSummary): DevelopmentSummary {
  let summary = summaries.get(row)
  if (!summary) {
    const { id, title, slug, location, year, budget, progress, image, image_alt } = row
    summaries.set(row, (summary = { id, title, slug, location, year, budget, progress, image, image_alt }))
  }
  return summary
}
