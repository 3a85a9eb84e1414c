import { smallMapOf, villageOutline } from './map-pages.server'
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { HttpError, notFoundResponse } from '~/utils/http.server'
import { csvResponse } from '~/utils/csv-response.server'
import { csvOf } from '~/lib/csv'
import { LINE_FIELDS } from '~/lib/budget-totals'
import { developmentFilters, developmentSummary } from '~/lib/pembangunan'
import { screenPage } from '~/lib/summaries'
import { previewBudget, type PublicBudget } from '~/models/village-info/budget.server'
import { developmentYears, listPublicDevelopments, previewDevelopment } from '~/models/village-info/development.server'
import { publicBudget, publicBudgetYears, publicDevelopment } from '~/models/site/public-catalog.server'
import { detailLoader, detailOrPreview, publicList } from '~/doors/site/public.server'

export { keepLoaderHeaders } from '~/doors/site/public.server'

/**
 * The public screens of village transparency (docs/api.md "Budget (APBDes)", "Development projects"): `/apbdes`,
 * `/apbdes/{year}` and its CSV, the home page's `Transparansi APBDes {year}`, `/pembangunan` and its projects. Reads
 * go through the public memo (app/models/site/public-catalog.server.ts) and the publishing rule; staff who may edit a draft
 * see it at its public address, as posts' editors do.
 */

/** The model's 404 as "none"; any other failure stays one. */
const notFoundAsNull = (error: unknown) => {
  if (error instanceof HttpError && error.status === 404) return null
  throw error
}

/** A year of four digits from the address, or the not-found screen. */
function yearOf(value: string | undefined): number {
  if (!value || !/^\d{4}$/.test(value)) throw notFoundResponse()
  return Number(value)
}

/** What a budget screen shows: the year, whether it is a staff preview, and the other published years. */
export type BudgetScreen = {
  budget: PublicBudget | null
  preview: 'draft' | 'scheduled' | null
  years: number[]
}

const otherYears = async () => (await publicBudgetYears()).map((row) => row.year)

/** `/apbdes`: the newest published year (or the empty screen while none is published). */
export async function budgetIndexLoader(): Promise<BudgetScreen> {
  const years = await otherYears()
  const budget = years.length ? await publicBudget(years[0]) : null
  return { budget, preview: null, years }
}

/** `/apbdes/{year}`: a published year; for staff who may edit budgets, a draft or scheduled one too. */
export async function budgetYearLoader({ request, params, context }: LoaderFunctionArgs) {
  const year = yearOf(params.year)
  const [{ item, preview }, years] = await Promise.all([
    detailOrPreview(
      request,
      context,
      'budgets',
      () => publicBudget(year),
      () => previewBudget(year),
    ),
    otherYears(),
  ])
  return data({ budget: item, preview, years }, { headers: preview ? { 'Cache-Control': 'no-store' } : {} })
}

/**
 * `/apbdes/{year}.csv`: the lines of a published year (docs/api.md: header `type,group,name,amount,realized`, one row
 * per line in the stored order; the CSV rules of app/lib/csv.ts).
 */
export async function budgetCsvLoader({ params }: LoaderFunctionArgs) {
  const year = /^\d{4}$/.test(params.year ?? '') ? Number(params.year) : null
  const budget = year === null ? null : await publicBudget(year).catch(notFoundAsNull)
  // A file's address answers a file's 404: plain text, not a page.
  if (!budget || year === null)
    return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  const rows = budget.items.map((item) => LINE_FIELDS.map((field) => item[field]))
  return csvResponse(csvOf([LINE_FIELDS, ...rows]), `apbdes-${year}.csv`)
}

/** The home page's `Transparansi APBDes {year}`: the newest published year's figures, or null. */
export async function homeBudget() {
  const years = await publicBudgetYears()
  if (!years.length) return null
  const { year, totals } = await publicBudget(years[0].year)
  return {
    year,
    pendapatan: totals.pendapatan.amount,
    belanja: totals.belanja.amount,
    pembiayaan: totals.pembiayaan_netto.amount,
  }
}

/**
 * `/pembangunan`: a page of project cards for `?search=`, `?year=`, `?stage=` and `?page=`, and the years to filter.
 */
export async function developmentsLoader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const filters = developmentFilters(params)
  const [page, years] = await Promise.all([publicList(request, context, listPublicDevelopments), developmentYears()])
  return { ...screenPage(page, developmentSummary), years, filters, search: (params.get('search') ?? '').trim() }
}

/** `/pembangunan/{slug}`: a published project with its photos; staff who may edit projects see a draft too. */
export const developmentLoader = async (args: LoaderFunctionArgs) => {
  const outline = await villageOutline()
  return detailLoader(
    args,
    'developments',
    { visible: publicDevelopment, preview: previewDevelopment },
    (item, preview) => ({ project: item, smallMap: smallMapOf(item, outline), preview }),
  )
}
