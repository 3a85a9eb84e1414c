import { publishingShape, responseId, selectOf, timestamps, z } from '~/utils/response-shape.server'
import { Prisma } from '~/generated/prisma/client'
import { prisma, serializeWrite } from '~/utils/db.server'
import { notFound, validationError, type FieldErrors } from '~/utils/http.server'
import type { ListQuery } from '~/lib/paging'
import { cachedRead } from '~/public-reads/read-memo.server'
import { checkInput, optionalText, requiredText } from '~/utils/validation.server'
import {
  cleanTable,
  columnsProblem,
  MAX_COLUMNS,
  MAX_ROWS,
  parsePastedTable,
  rowsProblem,
  STATISTIC_CATEGORIES,
  type DatasetRow,
  type StatisticCategory,
} from '~/lib/statistics-table'
import { orNotFound } from '~/models/site/crud.server'
import { PUBLISHED_COLUMNS, publishedFields, statusList } from '~/models/content/published-crud.server'
import { publicTable } from '~/public-reads/public-table.server'
import { publicFilter, publishingFields } from '~/models/content/publishing.server'

/**
 * Village statistics (docs/api.md "Village statistics"): datasets of 1 to 6 columns and at most 200 rows of one
 * number >= 0 per column, in the categories of the contract, published like posts. The columns and rows are kept
 * as JSON text and given back as arrays; a label is text, never a formula (the CSV download writes it so that no
 * spreadsheet runs it, app/lib/csv.ts).
 */

/** One row of a dataset's table. */
export const datasetRowResponse = z
  .object({
    label: z.string(),
    values: z.array(z.number().min(0)).min(1).max(MAX_COLUMNS).openapi({ description: 'One number >= 0 per column.' }),
  })
  .strict()
  .openapi('DatasetRow')

/**
 * A dataset as the API shows it (docs/api.md "Village statistics"); its select reads the same columns, where
 * `columns` and `rows` are kept as JSON text (toStatistic reads them).
 */
export const statisticResponse = z
  .object({
    id: responseId(),
    title: z.string(),
    slug: z.string(),
    category: z.enum(STATISTIC_CATEGORIES),
    unit: z.string(),
    year: z.number().int().nullable(),
    source: z.string(),
    label_column: z.string().openapi({ description: "The rows' label column's name (the CSV header's first cell)." }),
    chart: z
      .enum(['bar', 'pie'])
      .openapi({ description: '`pie` only for one column whose rows are parts of a whole.' }),
    columns: z.array(z.string()).min(1).max(MAX_COLUMNS),
    rows: z.array(datasetRowResponse).max(MAX_ROWS),
    ...publishingShape,
    ...timestamps,
  })
  .strict()
  .openapi('Statistic')
const statisticColumns = selectOf(statisticResponse)

type StoredStatistic = Prisma.StatisticGetPayload<{ select: typeof statisticColumns }>

/** A dataset as both doors give it: `columns` and `rows` as arrays. */
export type Statistic = Omit<StoredStatistic, 'columns' | 'rows'> & { columns: string[]; rows: DatasetRow[] }

const SEARCH = ['title'] as const

/** Parsed once per stored row (the memoised rows are shared by every request of a data version). */
const parsed = new WeakMap<object, Statistic>()
function toStatistic(row: StoredStatistic): Statistic {
  let statistic = parsed.get(row)
  if (!statistic) {
    statistic = { ...row, columns: JSON.parse(row.columns) as string[], rows: JSON.parse(row.rows) as DatasetRow[] }
    parsed.set(row, statistic)
  }
  return statistic
}

/** A form sends the table editor's columns and rows as JSON text; the API sends arrays (a string there is a 422). */
const jsonText = (value: unknown) => {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

/** A year: a whole number from 1900 to 2100, or none. */
const year = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return null
    if (typeof value === 'string') return value.trim() === '' ? null : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN
    return value
  },
  z
    .number({ invalid_type_error: 'Year must be a whole number from 1900 to 2100' })
    .int('Year must be a whole number from 1900 to 2100')
    .min(1900, 'Year must be a whole number from 1900 to 2100')
    .max(2100, 'Year must be a whole number from 1900 to 2100')
    .nullable(),
)

const emptyAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value)

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({
  title: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/[\r\n]+/g, ' ') : value),
    requiredText('Title'),
  ),
  category: z.enum(STATISTIC_CATEGORIES, {
    errorMap: () => ({ message: `Category must be one of ${STATISTIC_CATEGORIES.join(', ')}` }),
  }),
  unit: optionalText('Unit', 50),
  year,
  source: optionalText('Source'),
  label_column: optionalText('Label_column', 100),
  chart: z.preprocess(
    emptyAsMissing,
    z.enum(['bar', 'pie'], { errorMap: () => ({ message: 'Chart must be bar or pie' }) }).optional(),
  ),
  columns: z.preprocess(
    jsonText,
    z.array(z.string(), { invalid_type_error: 'Columns must be a list of column names' }).optional(),
  ),
  rows: z.preprocess(
    jsonText,
    z.array(z.unknown(), { invalid_type_error: 'Rows must be a list of {label, values}' }).optional(),
  ),
  csv: z.string({ invalid_type_error: 'Csv must be text' }).max(200_000, 'Csv is too long').optional(),
  ...publishingFields,
})

/**
 * The fields, and the table: pasted as CSV when `csv` holds any text (its first line naming the label column and the
 * columns), otherwise `columns` and `rows`. Every problem at once, the rows' naming the 1-based row.
 */
function parseStatistic(input: Record<string, unknown>) {
  const { data, errors: fieldErrors } = checkInput(schema, input)
  const errors: FieldErrors = {}
  let table: { columns: string[]; rows: DatasetRow[] } | undefined
  let labelColumn = data?.label_column ?? ''
  const csv = typeof input.csv === 'string' ? input.csv : ''
  if (csv.trim()) {
    const pasted = parsePastedTable(csv)
    if (pasted.errors) Object.assign(errors, pasted.errors)
    else {
      table = pasted.table
      labelColumn = pasted.table.labelColumn || labelColumn
    }
  } else {
    // Read from the input itself, so that the table is judged even when another field fails (a value of the wrong
    // type is the schema's error, which wins below).
    const list = (value: unknown) => {
      const parsed = jsonText(value)
      return Array.isArray(parsed) ? (parsed as unknown[]) : []
    }
    const columns = list(input.columns)
    const rows = list(input.rows)
    const columnProblem = columnsProblem(columns)
    if (columnProblem) errors.Columns = columnProblem
    else if (!rows.length) errors.Rows = 'Rows must hold at least 1 row'
    else {
      const rowProblem = rowsProblem(rows, columns.length)
      if (rowProblem) errors.Rows = rowProblem
      else table = cleanTable({ columns: columns as string[], rows: rows as DatasetRow[] })
    }
  }
  if (data?.chart === 'pie' && table && table.columns.length !== 1)
    errors.Chart = 'A pie chart shows one column whose rows are parts of a whole (this dataset has more columns)'
  const all = { ...errors, ...fieldErrors }
  if (Object.keys(all).length || !data || !table) throw validationError(all)
  // The table as read gives way to the table checked.
  const { csv: pastedText, columns: givenColumns, rows: givenRows, ...fields } = data
  return {
    ...fields,
    label_column: labelColumn.trim() || 'Kategori',
    chart: data.chart ?? 'bar',
    columns: JSON.stringify(table.columns),
    rows: JSON.stringify(table.rows),
  }
}

const statistics = { table: 'statistics', select: statisticColumns, searchColumns: SEARCH }

export const listStatistics = statusList(prisma.statistic, statistics, toStatistic)

/** What the public sees of statistics (app/public-reads/public-table.server.ts), from the same select. */
const publicStatistics = publicTable<StoredStatistic>({ ...statistics, visible: () => publicFilter('statistics') })

export const isCategory = (value: string | null | undefined): value is StatisticCategory =>
  (STATISTIC_CATEGORIES as readonly string[]).includes(value ?? '')

/** `GET /api/public/statistics?page&search&category`: a page of the published datasets (of one category). */
export const listPublicStatistics = (query: ListQuery, category?: string | null, path = '/api/public/statistics') =>
  isCategory(category)
    ? publicStatistics.list({ ...query, search: '' }, path, {
        narrow: {
          name: category,
          sql: () => Prisma.sql`"statistics"."category" = ${category}`,
          keep: [['category', category]],
        },
        map: toStatistic,
      })
    : publicStatistics.list(query, path, { map: toStatistic })

/** Every published dataset, newest first (/statistik groups them by category; the sitemap). */
export const allPublicStatistics = () =>
  cachedRead(JSON.stringify(['all', 'statistics']), async () => (await publicStatistics.newest()).map(toStatistic))

export const getStatistic = async (id: number) =>
  toStatistic(await orNotFound(prisma.statistic.findUnique({ where: { id }, select: statisticColumns }), 'Statistic'))

export const getStatisticBySlug = async (slug: string) =>
  toStatistic(await orNotFound(publicStatistics.one('slug', slug), 'Statistic'))

/** Any dataset by its slug, whatever its status: the preview of staff who may edit it (never cached). */
export const previewStatistic = async (slug: string) => {
  const row = await prisma.statistic.findUnique({ where: { slug }, select: statisticColumns })
  return row ? toStatistic(row) : null
}

export async function createStatistic(input: Record<string, unknown>) {
  const data = parseStatistic(input)
  return toStatistic(
    await serializeWrite(async () => {
      const fields = await publishedFields(prisma.statistic, data, 'statistik')
      return prisma.statistic.create({ data: fields, select: statisticColumns })
    }),
  )
}

export async function updateStatistic(id: number, input: Record<string, unknown>) {
  if (!(await prisma.statistic.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Statistic')
  const data = parseStatistic(input)
  return toStatistic(
    await serializeWrite(async () => {
      const existing = await orNotFound(
        prisma.statistic.findUnique({ where: { id }, select: PUBLISHED_COLUMNS }),
        'Statistic',
      )
      const fields = await publishedFields(prisma.statistic, data, 'statistik', { id, row: existing })
      return prisma.statistic.update({ where: { id }, data: fields, select: statisticColumns })
    }),
  )
}

export function deleteStatistic(id: number) {
  return serializeWrite(async () => {
    if (!(await prisma.statistic.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Statistic')
    await prisma.statistic.delete({ where: { id } })
  })
}
