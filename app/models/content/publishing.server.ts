import { z } from 'zod'
import { Prisma } from '~/generated/prisma/client'
import { addTimeVersionPart } from '~/utils/data-version.server'
import { perVillage } from '~/utils/village-scope.server'
import { now, nowMs } from '~/utils/clock.server'
import { getEnv } from '~/utils/config.server'
import { validationError } from '~/utils/http.server'
import { log } from '~/utils/error-log.server'
import { isPostgres } from '~/utils/dialect.server'
import { readRows } from '~/public-reads/row-reader.server'
import type { RowFilter } from '~/public-reads/search-terms.server'
import { fromZonedTime, LOCAL_TIME } from '~/lib/zoned-time'

/**
 * Drafts and scheduled publishing of posts, pages, products, documents, events, statistics, budgets and development
 * projects (docs/api.md, "Drafts and scheduled publishing";
 * docs/decisions/025-publishing-rule-and-scheduled-expiry.md).
 * THE rule of what the public may see lives here, once, in the forms the reads need: `visibleWhere` (Prisma: sitemap,
 * feed, counts, budgets), `visibleSql` (raw SQL) and `publicFilter` (the public tables' lists, details and searches:
 * app/public-reads/public-table.server.ts). Every public door reads
 * through one of them. (app/lib/zoned-time.ts `publishState` names the same states for the admin's badges.)
 */

export const STATUSES = ['draft', 'published'] as const
export type Status = (typeof STATUSES)[number]
export type Publishing = { status: string; published_at: Date | null }

/** The tables whose rows have a status and a publish time. */
export const PUBLISHED_TABLES = [
  'posts',
  'pages',
  'products',
  'documents',
  'events',
  'statistics',
  'budgets',
  'developments',
] as const

/**
 * Other times at which what the public sees changes without a write, which expire the caches as a publish time does
 * (below): an event ending (it moves from the upcoming events to the past ones) and an announcement starting or ending
 * (docs/api.md "Agenda", "Announcements").
 */
const CHANGING_TIMES = [
  { table: 'events', column: 'ended_at' },
  { table: 'announcements', column: 'starts_at' },
  { table: 'announcements', column: 'ends_at' },
] as const

/** The rule, for Prisma: published, and its time has come. */
export const visibleWhere = (at: Date = now()) => ({ status: 'published', published_at: { lte: at } })

/** The same rule in SQL, on the table or alias `table` (a name from the code, never from a request). */
export const visibleSql = (at: Date, table = 't') => {
  const t = Prisma.raw(`"${table.replaceAll('"', '""')}"`)
  return Prisma.sql`${t}."status" = 'published' AND ${t}."published_at" <= ${at}`
}

/** The public order of the lists and feeds: newest publish time first. */
export const publicOrderBy = (): [{ published_at: 'desc' }, { id: 'desc' }] => [
  { published_at: 'desc' },
  { id: 'desc' },
]

/**
 * The rule and the order for the id reads of app/public-reads/search.server.ts (searches and list pages of one
 * table).
 */
export const publicFilter = (table: string, at: Date = now()): RowFilter => {
  const from = `"${table.replaceAll('"', '""')}"`
  return {
    text: (placeholder) => `"status" = 'published' AND "published_at" <= ${placeholder}`,
    sql: visibleSql(at, table),
    value: at,
    orderBy: '"published_at" DESC, "id" DESC',
    // The rows the rule hides, as ranges of the index on status and publish time (few on a real site): drafts and any
    // other status, scheduled, published without a time. One placeholder, the time.
    hidden: (placeholder) =>
      [
        `SELECT "id" FROM ${from} WHERE "status" < 'published'`,
        `SELECT "id" FROM ${from} WHERE "status" > 'published'`,
        `SELECT "id" FROM ${from} WHERE "status" = 'published' AND "published_at" > ${placeholder}`,
        `SELECT "id" FROM ${from} WHERE "status" = 'published' AND "published_at" IS NULL`,
      ].join(' UNION ALL '),
    index: `${table}_status_published_at_id_idx`,
    candidates: `"status" = 'published' AND "published_at" IS NOT NULL`,
    time: '"published_at"',
  }
}

/**
 * The rule of a published table in the three forms the reads need (Prisma, SQL on an alias, the id reads' filter):
 * the publishing rule itself, or the rule narrowed further for a table whose rows may also be kept from the public
 * by a column (documents: an exempt class, decision 045).
 */
export type PublicRule = {
  where: (at: Date) => object
  sql: (at: Date, table?: string) => Prisma.Sql
  filter: (table: string, at: Date) => RowFilter
}

/** The publishing rule, and `column` never `excluded` (a name and a value from the code, never from a request). */
export function narrowedRule(table: string, column: string, excluded: string): PublicRule {
  const name = `"${column.replaceAll('"', '""')}"`
  const value = `'${excluded.replaceAll("'", "''")}'`
  const from = `"${table.replaceAll('"', '""')}"`
  const sql = (at: Date, alias = 't') =>
    Prisma.sql`${visibleSql(at, alias)} AND ${Prisma.raw(`"${alias.replaceAll('"', '""')}".${name} <> ${value}`)}`
  return {
    where: (at) => ({ ...visibleWhere(at), [column]: { not: excluded } }),
    sql,
    filter: (_table, at) => {
      const base = publicFilter(table, at)
      return {
        ...base,
        text: (placeholder) => `${base.text(placeholder)} AND ${name} <> ${value}`,
        sql: sql(at, table),
        // The same disjoint ranges as publicFilter's, the excluded rows among the published ones with a time added.
        hidden: (placeholder) =>
          [
            `SELECT "id" FROM ${from} WHERE "status" < 'published'`,
            `SELECT "id" FROM ${from} WHERE "status" > 'published'`,
            `SELECT "id" FROM ${from} WHERE "status" = 'published' AND "published_at" IS NOT NULL ` +
              `AND ("published_at" > ${placeholder} OR ${name} = ${value})`,
            `SELECT "id" FROM ${from} WHERE "status" = 'published' AND "published_at" IS NULL`,
          ].join(' UNION ALL '),
        candidates: `${base.candidates} AND ${name} <> ${value}`,
      }
    },
  }
}

/** A list's `?status=` as one of the states (app/lib/zoned-time.ts PublishState), or '' for every row. */
export const publishFilterOf = (value: string | null | undefined): string =>
  value === 'draft' || value === 'scheduled' || value === 'published' ? value : ''

/**
 * The admin lists' filter (`?status=draft|scheduled|published`, app/lib/zoned-time.ts PublishState); none otherwise.
 */
export function statusWhere(state: string | null | undefined, at: Date = now()): object | undefined {
  switch (state) {
    case 'draft':
      return { OR: [{ status: { not: 'published' } }, { published_at: null }] }
    case 'scheduled':
      return { status: 'published', published_at: { gt: at } }
    case 'published':
      return visibleWhere(at)
    default:
      return undefined
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Input: `status` and `published_at` on both doors (keys `Status`, `Published_at`)

/**
 * A publish time: ISO 8601 with a zone (`2026-11-24T11:30:00Z`, `...+07:00`), or a wall-clock time without one
 * (`2026-11-24T18:30`, what the admin's datetime-local input sends), read in the village's time zone (`TZ`).
 * Missing is "not given"; null or empty is "no time".
 */
const publishTime = z.preprocess(
  (value) => {
    if (value === undefined) return undefined
    if (value === null) return null
    if (typeof value !== 'string') return value
    const text = value.trim()
    if (text === '') return null
    const date = LOCAL_TIME.test(text)
      ? fromZonedTime(text, getEnv().TZ)
      : /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/i.test(text)
        ? new Date(text)
        : null
    return date && !Number.isNaN(date.getTime()) ? date : 'invalid'
  },
  z.date({ invalid_type_error: 'Published_at must be a date and time (ISO 8601)' }).nullable().optional(),
)

/** The fields every write of a post, page or product also takes (merged into each model's schema). */
export const publishingFields = {
  status: z.enum(STATUSES, { errorMap: () => ({ message: 'Status must be draft or published' }) }).optional(),
  published_at: publishTime,
}

/**
 * The status and publish time a write leaves on the row. A create without `status` publishes at once; an update
 * without it keeps both. Publishing without a time keeps a past publish time of an already published row (a
 * correction does not move it to the top) and is "now" otherwise; a future time schedules.
 */
export function publishingOf(
  input: { status?: Status; published_at?: Date | null },
  existing: Publishing | null,
  at: Date = now(),
): { status: Status; published_at: Date | null } {
  if (!existing) {
    const status = input.status ?? 'published'
    return { status, published_at: input.published_at ?? (status === 'published' ? at : null) }
  }
  if (input.status === undefined) return { status: existing.status as Status, published_at: existing.published_at }
  if (input.status === 'draft')
    return {
      status: 'draft',
      published_at: input.published_at === undefined ? existing.published_at : input.published_at,
    }
  const kept =
    existing.status === 'published' && existing.published_at && existing.published_at.getTime() <= at.getTime()
      ? existing.published_at
      : at
  return { status: 'published', published_at: input.published_at ?? kept }
}

/** A write's fields with the `status` and `published_at` that `publishingOf` settles (`existing`: null on a create). */
export function withPublishing<T extends { status?: Status; published_at?: Date | null }>(
  data: T,
  existing: Publishing | null,
) {
  const { status, published_at, ...fields } = data
  return { ...fields, ...publishingOf({ status, published_at }, existing) }
}

/**
 * The admin form's publish buttons (app/components/content/publish-controls.tsx) as the write's fields:
 * `intent` "draft" (Simpan sebagai Draf), "publish" (Terbitkan: now, or the time it already has), "schedule"
 * (Jadwalkan: the time of `publish_time`, required); no intent (Save, Update) leaves both fields out.
 */
export function fromPublishForm(input: Record<string, unknown>): Record<string, unknown> {
  const { intent, publish_time: time, ...rest } = input
  const local = typeof time === 'string' ? time.trim() : ''
  if (intent === 'draft') return { ...rest, status: 'draft', ...(local ? { published_at: local } : {}) }
  if (intent === 'publish') return { ...rest, status: 'published' }
  if (intent === 'schedule') {
    if (!local) throw validationError({ Published_at: 'Choose the date and time to publish' })
    return { ...rest, status: 'published', published_at: local }
  }
  return rest
}

// ---------------------------------------------------------------------------------------------------------------
// A scheduled time arriving changes what the public sees without any write: it changes the data version too.

/** How many upcoming publish times each process keeps in mind (it reads the next ones when these have passed). */
const UPCOMING = 100

/**
 * The next publish times (and CHANGING_TIMES) after `since` (ms), earliest first. Read by the public reader, as the
 * public pages are: with REGENCY_HOST a village's first request needs no Prisma client (whose opening costs more than
 * the request: decision 055).
 */
async function upcomingTimes(since: number): Promise<number[]> {
  const after = new Date(since)
  const placeholders = isPostgres() ? () => '$1' : () => '?'
  const selects = [
    ...PUBLISHED_TABLES.map(
      (table) =>
        `SELECT "published_at" AS "at" FROM "${table}" WHERE "status" = 'published' AND "published_at" > ${placeholders()}`,
    ),
    ...CHANGING_TIMES.map(
      ({ table, column }) => `SELECT "${column}" AS "at" FROM "${table}" WHERE "${column}" > ${placeholders()}`,
    ),
  ]
  const rows = await readRows<{ at: Date | string }>(
    `${selects.join(' UNION ALL ')} ORDER BY "at" LIMIT ${UPCOMING}`,
    isPostgres() ? [after] : selects.map(() => after),
  )
  return rows.map((row) => new Date(row.at).getTime()).filter((ms) => !Number.isNaN(ms))
}

/**
 * The time part of the data version (app/utils/data-version.server.ts): a count that grows by one whenever one of
 * the upcoming publish times has passed, so every cache keyed on the version (response cache, read memo) expires at
 * that moment. The upcoming times are read again whenever the database's version changes (a write anywhere), for
 * times after the moment this process first saw that version: no answer cached under it can predate that moment.
 * A time that passed while they were being read bumps the count once they arrive.
 */
function scheduledExpiry() {
  let count = 0
  let database: number | undefined
  let upcoming: number[] = []
  let full = false
  let reads = 0
  let loading: Promise<void> = Promise.resolve()
  const pass = (at: number) => {
    if (!upcoming.length || upcoming[0] > at) return false
    count += 1
    while (upcoming.length && upcoming[0] <= at) upcoming.shift()
    return true
  }
  const reload = (since: number) => {
    const read = ++reads
    loading = upcomingTimes(since)
      .then((times) => {
        if (read !== reads) return
        upcoming = times
        full = times.length === UPCOMING
        pass(nowMs())
      })
      .catch((error) => log.error({ event: 'publish-times', err: error }, 'could not read the upcoming publish times'))
  }
  return {
    part: (version: number) => {
      const at = nowMs()
      if (version !== database) {
        database = version
        reload(at)
      }
      if (pass(at) && !upcoming.length && full) reload(at)
      return count
    },
    /** The next publish time (ms), or undefined, once the times for the current version are read. */
    next: async (): Promise<number | undefined> => {
      await loading
      return upcoming[0]
    },
  }
}

/** Each village's upcoming times (decision 055): one process serves many with REGENCY_HOST. */
const expiry = perVillage('the publishing clock', scheduledExpiry)
addTimeVersionPart((version) => expiry().part(version))

/**
 * A `max-age` for answers browsers and feed readers may keep (sitemap, RSS): `seconds`, but never past the next
 * publish time, when the answer changes.
 */
export async function publicMaxAge(seconds: number): Promise<number> {
  const next = await expiry().next()
  return next === undefined ? seconds : Math.max(0, Math.min(seconds, Math.floor((next - nowMs()) / 1000)))
}
