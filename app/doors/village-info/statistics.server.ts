import type { LoaderFunctionArgs } from '@remix-run/node'
import { HttpError } from '~/utils/http.server'
import { csvOf } from '~/lib/csv'
import { CATEGORY_LABELS, columnTotals, STATISTIC_CATEGORIES, type DatasetRow } from '~/lib/statistics-table'
import { publicStatistic } from '~/models/site/public-catalog.server'
import { allPublicStatistics, previewStatistic, type Statistic } from '~/models/village-info/statistic.server'
import { detailLoader } from '~/doors/site/public.server'

/**
 * The village statistics' door (docs/api.md "Village statistics"): `/statistik` (one heading per category),
 * `/statistik/{slug}` (chart, table with its `Jumlah` row, `Unduh CSV`) and `/statistik/{slug}.csv`.
 */

export type DatasetCard = { id: number; title: string; slug: string; year: number | null; unit: string; source: string }
export type CategorySection = { category: string; label: string; datasets: DatasetCard[] }

/** `/statistik`: every category in the contract's order, each with its published datasets (newest first). */
export async function statisticsLoader(): Promise<{ sections: CategorySection[] }> {
  const datasets = await allPublicStatistics()
  return {
    sections: STATISTIC_CATEGORIES.map((category) => ({
      category,
      label: CATEGORY_LABELS[category],
      datasets: datasets
        .filter((dataset) => dataset.category === category)
        .map(({ id, title, slug, year, unit, source }) => ({ id, title, slug, year, unit, source })),
    })),
  }
}

export type DatasetDetail = {
  id: number
  title: string
  slug: string
  category: string
  categoryLabel: string
  unit: string
  year: number | null
  source: string
  labelColumn: string
  chart: string
  columns: string[]
  rows: DatasetRow[]
  /** The `Jumlah` row. */
  totals: number[]
  updated_at: Date | string
  published_at: Date | string | null
  status: string
}

const detailOf = (dataset: Statistic): DatasetDetail => ({
  id: dataset.id,
  title: dataset.title,
  slug: dataset.slug,
  category: dataset.category,
  categoryLabel: CATEGORY_LABELS[dataset.category as keyof typeof CATEGORY_LABELS] ?? dataset.category,
  unit: dataset.unit,
  year: dataset.year,
  source: dataset.source,
  labelColumn: dataset.label_column,
  chart: dataset.chart,
  columns: dataset.columns,
  rows: dataset.rows,
  totals: columnTotals(dataset),
  updated_at: dataset.updated_at,
  published_at: dataset.published_at,
  status: dataset.status,
})

/** `/statistik/{slug}` (staff with `statistics-edit` also see a draft or scheduled one, as a preview). */
export const statisticLoader = (args: LoaderFunctionArgs) =>
  detailLoader(args, 'statistics', { visible: publicStatistic, preview: previewStatistic }, (item, preview) => ({
    dataset: detailOf(item),
    preview,
  }))

/**
 * `GET /statistik/{slug}.csv`: the header (the label column's name, then the columns) and one line per row, no total
 * line, written so that no spreadsheet runs a cell (app/lib/csv.ts).
 */
export async function statisticCsvLoader({ params }: LoaderFunctionArgs) {
  let dataset: Statistic
  try {
    dataset = await publicStatistic(params.slug ?? '')
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return new Response('Not Found', { status: 404 })
    throw error
  }
  const body = csvOf([
    [dataset.label_column, ...dataset.columns],
    ...dataset.rows.map((row) => [row.label, ...row.values]),
  ])
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${dataset.slug}.csv"`,
      'Cache-Control': 'public, max-age=300',
    },
  })
}
