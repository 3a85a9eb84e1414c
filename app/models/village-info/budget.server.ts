import { z } from 'zod'
import { publishingShape, responseId, responseTime, timestamps, z as shape } from '~/utils/response-shape.server'
import type { Prisma } from '~/generated/prisma/client'
import { prisma, serializeWrite } from '~/utils/db.server'
import { now } from '~/utils/clock.server'
import { isJsonBody, notFound, validationError } from '~/utils/http.server'
import { foldSearch } from '~/public-reads/search-terms.server'
import { readRows } from '~/public-reads/row-reader.server'
import { isPostgres } from '~/utils/dialect.server'
import { optionalText, parseInput } from '~/utils/validation.server'
import {
  BUDGET_TYPES,
  budgetGroups,
  budgetTotals,
  FIRST_BUDGET_YEAR,
  isBudgetType,
  LAST_BUDGET_YEAR,
  MAX_AMOUNT,
  MAX_BUDGET_LINES,
  parseAmountText,
  TOTAL_NAMES,
  type BudgetLine,
} from '~/lib/budget-totals'
import { paginate, type ListQuery } from '~/lib/paging'
import { changedFields } from '~/models/accounts/activity.server'
import { orNotFound, rethrowUnique } from '~/models/site/crud.server'
import {
  publicFilter,
  publishingFields,
  publishingOf,
  statusWhere,
  visibleWhere,
} from '~/models/content/publishing.server'

/**
 * The village budget, one per fiscal year (docs/api.md "Budget (APBDes)"): its lines are written with it in one
 * statement (a nested write, one transaction), read in their stored order, and summed by app/lib/budget-totals.ts, the
 * same code that sums them in the admin form.
 */

const itemSelect = { id: true, type: true, group: true, name: true, amount: true, realized: true } as const

export const budgetSelect = {
  id: true,
  year: true,
  regulation_number: true,
  status: true,
  published_at: true,
  created_at: true,
  updated_at: true,
  items: { select: itemSelect, orderBy: { position: 'asc' } },
} as const

type BudgetRow = Prisma.BudgetGetPayload<{ select: typeof budgetSelect }>

/** The contract's Budget: amounts as numbers (stored as BigInt: 10^15 does not fit 32 bits) and the totals. */
function toBudget(row: BudgetRow) {
  const items = row.items.map((item) => ({
    id: item.id,
    type: item.type,
    group: item.group,
    name: item.name,
    amount: Number(item.amount),
    realized: Number(item.realized),
  }))
  return {
    id: row.id,
    year: row.year,
    regulation_number: row.regulation_number,
    status: row.status,
    published_at: row.published_at,
    items,
    totals: budgetTotals(items),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}
export type Budget = ReturnType<typeof toBudget>
export type PublicBudget = Budget & { groups: ReturnType<typeof budgetGroups> }

// The answers' shapes (docs/api.md "Budget (APBDes)"), as the OpenAPI document names them.
const rupiah = () => shape.number().int().min(0).max(MAX_AMOUNT).openapi({ description: 'Whole rupiah, 0 to 10^15' })
const budgetType = () => shape.enum(BUDGET_TYPES)
const budgetItemResponse = shape
  .object({
    id: responseId(),
    type: budgetType(),
    group: shape.string().openapi({ description: 'Free text (for `belanja` usually one of the five bidang)' }),
    name: shape.string(),
    amount: rupiah(),
    realized: rupiah(),
  })
  .strict()
  .openapi('BudgetItem')
const budgetFigure = shape
  .object({ amount: shape.number().int(), realized: shape.number().int() })
  .strict()
  .openapi('BudgetFigure', {
    description: 'Budget and realisation (surplus, pembiayaan_netto and silpa may be negative).',
  })
const budgetTotalsResponse = shape
  .object(
    Object.fromEntries(TOTAL_NAMES.map((name) => [name, budgetFigure])) as Record<
      (typeof TOTAL_NAMES)[number],
      typeof budgetFigure
    >,
  )
  .strict()
  .openapi('BudgetTotals', {
    description:
      'The sums of each type; `surplus` = pendapatan - belanja; `pembiayaan_netto` = penerimaan - pengeluaran; ' +
      '`silpa` = surplus + pembiayaan_netto.',
  })
const budgetFields = {
  id: responseId(),
  year: shape.number().int().min(2000).max(2100),
  regulation_number: shape.string(),
  ...publishingShape,
  items: shape.array(budgetItemResponse).openapi({ description: 'In the stored order.' }),
  totals: budgetTotalsResponse,
  ...timestamps,
}
export const budgetResponse = shape.object(budgetFields).strict().openapi('Budget')
export const publicBudgetResponse = shape
  .object({
    ...budgetFields,
    groups: shape
      .array(
        shape
          .object({
            type: budgetType(),
            group: shape.string(),
            amount: shape.number().int(),
            realized: shape.number().int(),
          })
          .strict(),
      )
      .openapi({ description: 'The sums per type and group, in first-appearance order.' }),
  })
  .strict()
  .openapi('PublicBudget')
export const budgetYearResponse = shape
  .object({ year: shape.number().int(), regulation_number: shape.string(), updated_at: responseTime() })
  .strict()
  .openapi('BudgetYear')

// ---------------------------------------------------------------------------------------------------------------
// Input: both doors (the admin form sends its lines as repeated fields, which the door zips: resource.ts linesOfForm)

/** A whole number of `label` from a form field or JSON; blank is missing. Shared by the projects' `year`. */
export const fiscalYear = () =>
  z.preprocess(
    (value) => {
      if (value === null) return undefined
      if (typeof value === 'string')
        return value.trim() === '' ? undefined : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN
      return value
    },
    z
      .number({ required_error: 'Year is required', invalid_type_error: 'Year must be a whole number' })
      .int('Year must be a whole number')
      .min(FIRST_BUDGET_YEAR, `Year must be between ${FIRST_BUDGET_YEAR} and ${LAST_BUDGET_YEAR}`)
      .max(LAST_BUDGET_YEAR, `Year must be between ${FIRST_BUDGET_YEAR} and ${LAST_BUDGET_YEAR}`),
  )

/**
 * An amount of whole rupiah, 0 to 10^15 (a project's `budget`): a JSON number, or a form's text as people write it
 * (`1.250.000` or `1250000`).
 */
export const rupiahField = (label: string) => {
  const message = `${label} must be a whole number >= 0`
  return z.preprocess(
    (value) => {
      if (value === null) return undefined
      if (typeof value === 'string') return value.trim() === '' ? undefined : (parseAmountText(value) ?? NaN)
      return value
    },
    z
      .number({ required_error: `${label} is required`, invalid_type_error: message })
      .int(message)
      .min(0, message)
      .max(MAX_AMOUNT, `${label} may not be more than ${MAX_AMOUNT}`),
  )
}

const lineAmount = (column: string) => {
  const message = `${column} must be a whole number >= 0`
  return z
    .number({ required_error: message, invalid_type_error: message })
    .int(message)
    .min(0, message)
    .max(MAX_AMOUNT, `${column} may not be more than ${MAX_AMOUNT}`)
}
const lineText = (column: string) =>
  z
    .string({ required_error: `${column} is required`, invalid_type_error: `${column} must be text` })
    .trim()
    .max(255, `${column} may not be longer than 255 characters`)
const typeMessage = `type must be one of ${BUDGET_TYPES.join(', ')}`

/** One line, its messages without the line's number (`budgetLines` adds it). */
const line = z.object({
  type: z
    .string({ required_error: typeMessage, invalid_type_error: typeMessage })
    .trim()
    .refine(isBudgetType, typeMessage),
  group: lineText('group').default(''),
  name: lineText('name').pipe(z.string().min(1, 'name is required')),
  amount: lineAmount('amount'),
  realized: lineAmount('realized').default(0),
})

/**
 * `items`: at most 500 lines; the first wrong one is named by its number, 1-based (`Line 3: amount must be a whole
 * number >= 0`). Missing is undefined (an update then keeps the lines). Checked here rather than by a generic
 * array type, so a body whose `items` is no list gets the same kind of message.
 */
const budgetLines = z.unknown().transform((value, context): BudgetLine[] | undefined => {
  if (value === undefined || value === null) return undefined
  const fail = (message: string) => {
    context.addIssue({ code: z.ZodIssueCode.custom, message })
    return z.NEVER
  }
  if (!Array.isArray(value)) return fail('Items must be a list of lines')
  if (value.length > MAX_BUDGET_LINES) return fail(`Items may not have more than ${MAX_BUDGET_LINES} lines`)
  const lines: BudgetLine[] = []
  for (const [index, raw] of value.entries()) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw))
      return fail(`Line ${index + 1}: must be an object with type, group, name, amount and realized`)
    // null is absent, as everywhere in the API.
    const given = Object.fromEntries(Object.entries(raw).filter(([, cell]) => cell !== null))
    const parsed = line.safeParse(given)
    if (!parsed.success) return fail(`Line ${index + 1}: ${parsed.error.issues[0].message}`)
    lines.push(parsed.data as BudgetLine)
  }
  return lines
})

/** What a write of a budget takes (both doors; the API document describes it from here too). */
export const schema = z.object({
  year: fiscalYear(),
  regulation_number: optionalText('Regulation number', 100),
  items: budgetLines,
  ...publishingFields,
})

/**
 * A form's lines hold the text typed in their boxes: an amount as people write it (`1.250.000`) becomes its number,
 * an empty realisation none (0); anything else stays text, which the schema refuses with the line's number. A JSON
 * body is taken as it is (its amounts must be JSON numbers).
 */
function typedInput(input: Record<string, unknown>): Record<string, unknown> {
  if (isJsonBody(input) || !Array.isArray(input.items)) return input
  const amount = (text: unknown) =>
    typeof text !== 'string' ? text : text.trim() === '' ? undefined : (parseAmountText(text) ?? text)
  return {
    ...input,
    items: input.items.map((item) =>
      item && typeof item === 'object'
        ? {
            ...item,
            amount: amount((item as Record<string, unknown>).amount),
            realized: amount((item as Record<string, unknown>).realized),
          }
        : item,
    ),
  }
}

const itemRows = (items: BudgetLine[]) =>
  items.map((item, position) => ({
    position,
    type: item.type,
    group: item.group,
    name: item.name,
    amount: BigInt(item.amount),
    realized: BigInt(item.realized),
  }))

async function assertYearFree(year: number, exceptId?: number) {
  const taken = await prisma.budget.findFirst({
    where: { year, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { id: true },
  })
  if (taken) throw validationError({ Year: 'Year already exists' })
}

// ---------------------------------------------------------------------------------------------------------------
// Admin

/**
 * One page of the admin list, newest first; `search` is a substring of the year or the regulation number (folded as
 * the other lists fold it). A village has one budget a year: the list is read whole and cut here.
 */
export async function listBudgets(query: ListQuery, path: string, status?: string | null) {
  const rows = await prisma.budget.findMany({
    where: statusWhere(status) ?? {},
    select: { id: true, year: true, regulation_number: true },
    orderBy: { id: 'desc' },
  })
  const term = foldSearch(query.search)
  const matching = term
    ? rows.filter((row) => String(row.year).includes(term) || foldSearch(row.regulation_number).includes(term))
    : rows
  const skip = (query.page - 1) * query.limit
  const ids = matching.slice(skip, skip + query.limit).map((row) => row.id)
  const page = ids.length
    ? await prisma.budget.findMany({ where: { id: { in: ids } }, select: budgetSelect, orderBy: { id: 'desc' } })
    : []
  return paginate(page.map(toBudget), matching.length, query, path)
}

export const getBudget = async (id: number) =>
  toBudget(await orNotFound(prisma.budget.findUnique({ where: { id }, select: budgetSelect }), 'Budget'))

export async function createBudget(raw: Record<string, unknown>) {
  const data = parseInput(schema, typedInput(raw))
  return serializeWrite(async () => {
    await assertYearFree(data.year)
    const row = await prisma.budget
      .create({
        data: {
          year: data.year,
          regulation_number: data.regulation_number,
          ...publishingOf({ status: data.status, published_at: data.published_at }, null),
          items: { createMany: { data: itemRows(data.items ?? []) } },
        },
        select: budgetSelect,
      })
      .catch((error) => rethrowUnique(error, { year: 'Year' }))
    return toBudget(row)
  })
}

/** The lines given replace every line, with the budget, in one transaction; without `items` the lines stay. */
export async function updateBudget(id: number, raw: Record<string, unknown>) {
  if (!(await prisma.budget.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Budget')
  const data = parseInput(schema, typedInput(raw))
  return serializeWrite(async () => {
    const existing = await prisma.budget.findUnique({ where: { id }, select: { status: true, published_at: true } })
    if (!existing) throw notFound('Budget')
    await assertYearFree(data.year, id)
    const row = await prisma.budget
      .update({
        where: { id },
        data: {
          year: data.year,
          regulation_number: data.regulation_number,
          ...publishingOf({ status: data.status, published_at: data.published_at }, existing),
          ...(data.items ? { items: { deleteMany: {}, createMany: { data: itemRows(data.items) } } } : {}),
        },
        select: budgetSelect,
      })
      .catch((error) => rethrowUnique(error, { year: 'Year' }))
    return toBudget(row)
  })
}

export function deleteBudget(id: number) {
  return serializeWrite(async () => {
    if (!(await prisma.budget.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Budget')
    await prisma.budget.delete({ where: { id } })
  })
}

/**
 * The create screen started from another year (`?copy={id}`, "Salin ke tahun berikutnya"): that budget's lines for
 * the next year, with nothing realised yet. Null when there is no such budget.
 */
export async function budgetTemplate(params: URLSearchParams) {
  const id = Number(params.get('copy'))
  if (!Number.isSafeInteger(id) || id < 1) return null
  const row = await prisma.budget.findUnique({ where: { id }, select: budgetSelect })
  if (!row) return null
  const source = toBudget(row)
  return {
    id: 0,
    year: Math.min(source.year + 1, LAST_BUDGET_YEAR),
    regulation_number: '',
    items: source.items.map((item) => ({ ...item, realized: 0 })),
    copied_from: source.year,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The activity log: "APBDes 2026", and what an update did to the lines

export const budgetSummary = (record: unknown) =>
  record && typeof record === 'object' && 'year' in record ? `APBDes ${(record as { year: number }).year}` : ''

/**
 * The fields a write changed (the totals follow the lines, so they are not named), and what it did to the lines:
 * `items: 2 added, 1 removed, 3 changed` (a line is known by its type, group and name; changed: its amounts), or
 * `items: reordered`.
 */
export function budgetChanges(before: unknown, after: unknown): string[] {
  const linesOf = (record: unknown) =>
    record && typeof record === 'object' && 'items' in record ? (record as Budget).items : []
  const without = (record: unknown) => {
    if (!record || typeof record !== 'object') return record
    const { items, totals, ...rest } = record as Budget
    return rest
  }
  const fields = changedFields(without(before), without(after))
  const summary = lineChanges(linesOf(before), linesOf(after))
  return summary ? [...fields, 'items', `items: ${summary}`] : fields
}

function lineChanges(before: readonly BudgetLine[], after: readonly BudgetLine[]): string {
  const keyOf = (line: BudgetLine) => JSON.stringify([line.type, line.group, line.name])
  const waiting = new Map<string, BudgetLine[]>()
  for (const line of before) waiting.set(keyOf(line), [...(waiting.get(keyOf(line)) ?? []), line])
  let added = 0
  let changed = 0
  for (const line of after) {
    const old = waiting.get(keyOf(line))?.shift()
    if (!old) added++
    else if (old.amount !== line.amount || old.realized !== line.realized) changed++
  }
  const removed = [...waiting.values()].reduce((count, left) => count + left.length, 0)
  const parts = [
    added ? `${added} added` : '',
    removed ? `${removed} removed` : '',
    changed ? `${changed} changed` : '',
  ].filter(Boolean)
  if (parts.length) return parts.join(', ')
  return before.map(keyOf).join('\n') === after.map(keyOf).join('\n') ? '' : 'reordered'
}

/** The public text of the lines (groups and names), which the gambling spam guard judges under `Items`. */
export function budgetSpamText(input: Record<string, unknown>): Record<string, string> {
  if (!Array.isArray(input.items)) return {}
  const text = input.items
    .flatMap((item) => (item && typeof item === 'object' ? [item as Record<string, unknown>] : []))
    .map((item) => [item.group, item.name].filter((cell) => typeof cell === 'string').join(' '))
    .join('\n')
  return text ? { items: text } : {}
}

// ---------------------------------------------------------------------------------------------------------------
// Public: only what the publishing rule lets the public see (publishing.server.ts); memoised in public.server.ts

/** A placeholder of the public reader's SQL: `?` on SQLite, `$n` on PostgreSQL. */
const placeholder = (at: number) => (isPostgres() ? `$${at}` : '?')

/**
 * The published years, newest first: `[{year, regulation_number, updated_at}]`. Read by the public reader, as the
 * home page's other parts are: with REGENCY_HOST a village's first request needs no Prisma client (decision 055).
 */
export const budgetYears = () => {
  const rule = publicFilter('budgets', now())
  return readRows<{ year: number; regulation_number: string | null; updated_at: Date }>(
    `SELECT "year", "regulation_number", "updated_at" FROM "budgets" WHERE ${rule.text(placeholder(1))} ` +
      'ORDER BY "year" DESC',
    [rule.value],
  )
}

/** A published year with its lines, totals and groups; the contract's 404 otherwise (by the public reader too). */
export async function publishedBudget(year: number): Promise<PublicBudget> {
  const rule = publicFilter('budgets', now())
  const [row] = await readRows<Omit<BudgetRow, 'items'>>(
    'SELECT "id", "year", "regulation_number", "status", "published_at", "created_at", "updated_at" FROM "budgets" ' +
      `WHERE "year" = ${placeholder(1)} AND ${rule.text(placeholder(2))}`,
    [year, rule.value],
  )
  if (!row) throw notFound('Budget')
  const items = await readRows<BudgetRow['items'][number]>(
    'SELECT "id", "type", "group", "name", "amount", "realized" FROM "budget_items" ' +
      `WHERE "budget_id" = ${placeholder(1)} ORDER BY "position", "id"`,
    [row.id],
  )
  return withGroups(toBudget({ ...row, items }))
}

const withGroups = (budget: Budget): PublicBudget => ({ ...budget, groups: budgetGroups(budget.items) })

/** Any year whatever its status: the preview of staff who may edit it (never cached). */
export async function previewBudget(year: number): Promise<PublicBudget | null> {
  const row = await prisma.budget.findUnique({ where: { year }, select: budgetSelect })
  return row && withGroups(toBudget(row))
}

/** The newest published year, or null: the dashboard's `budget_year`. */
export async function newestBudgetYear(): Promise<number | null> {
  const row = await prisma.budget.findFirst({
    where: visibleWhere(now()),
    select: { year: true },
    orderBy: { year: 'desc' },
  })
  return row?.year ?? null
}

/** Every published year for the sitemap. */
export const sitemapBudgets = () =>
  prisma.budget.findMany({
    where: visibleWhere(now()),
    select: { year: true, updated_at: true },
    orderBy: { year: 'desc' },
  })
