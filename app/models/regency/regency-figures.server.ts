import { readRows } from '~/public-reads/row-reader.server'
import { isPostgres } from '~/utils/dialect.server'
import { now, nowMs } from '~/utils/clock.server'
import { log } from '~/utils/error-log.server'
import { currentScope } from '~/utils/village-scope.server'
import { z } from '~/utils/response-shape.server'
import { csvOf } from '~/lib/csv'
import {
  inVillage,
  keepVillageFigures,
  scopeOf,
  villageSummaries,
  villagesVersion,
  type KeptFigures,
  type Village,
  type VillageSummary,
} from '~/models/regency/villages.server'

/**
 * The regency's figures (docs/api.md "The regency's data", decision 081): each village's computed in its own database
 * by one function per domain (apbdesFigures, developmentFigures, reportFigures, letterFigures, ppidFigures), each one
 * SQL statement on the village's public reader, never two villages in one statement or one memo. A village's figures
 * are kept stamped with its own count of writes in the registry (village_summaries, decision 082): the default year's
 * in the registry itself, other years' in this process; a pass opens only the villages that wrote since (or whose
 * figures a passing time changes), a few at a time. Sums per kecamatan and in total are made from the villages' raw amounts and
 * counts, so their percentages are recomputed from the summed amounts, never averaged.
 */

/** Statement text with `?` placeholders, numbered for PostgreSQL. */
const statement = (text: string) => {
  if (!isPostgres()) return text
  let at = 0
  return text.replace(/\?/g, () => `$${++at}`)
}

/** A time as SQLite keeps it (Prisma's text, or its milliseconds) or PostgreSQL gives it (a Date): ms, or null. */
function msOf(value: unknown): number | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime()
  const ms =
    typeof value === 'number' || /^\d+$/.test(String(value)) ? Number(value) : new Date(String(value)).getTime()
  return Number.isNaN(ms) ? null : ms
}

/** A count or sum as a number (PostgreSQL gives BigInt or Decimal; SQLite a number or null). */
const numberOf = (value: unknown) => (value === null || value === undefined ? 0 : Number(String(value)))

/** The row of a one-row statement. */
async function one(text: string, params: unknown[]): Promise<Record<string, unknown>> {
  const [row] = await readRows<Record<string, unknown>>(statement(text), params)
  return row ?? {}
}

const VISIBLE = `"status" = 'published' AND "published_at" IS NOT NULL AND "published_at" <= ?`

/** The raw figures of one village: amounts and counts, from which every shown figure is computed. */
export type RawFigures = {
  last_published_at: string | null
  apbdes: { year: number; pendapatan: number; belanja: number; realisasi_belanja: number } | null
  developments: { count: number; progress_sum: number }
  reports: { open: number; on_time: number; judged: number }
  letters: { pending: number; issued_30d: number }
  ppid: { dip_entries: number; on_time: number; judged: number }
}

/** APBDes: the published budget of `year`, or the newest published one; its pendapatan, belanja and belanja spent. */
export async function apbdesFigures(year: number | null, at = now()): Promise<RawFigures['apbdes']> {
  const row = await one(
    `SELECT "b"."year" AS "year", ` +
      `(SELECT SUM("amount") FROM "budget_items" WHERE "budget_id" = "b"."id" AND "type" = 'pendapatan') AS "pendapatan", ` +
      `(SELECT SUM("amount") FROM "budget_items" WHERE "budget_id" = "b"."id" AND "type" = 'belanja') AS "belanja", ` +
      `(SELECT SUM("realized") FROM "budget_items" WHERE "budget_id" = "b"."id" AND "type" = 'belanja') AS "realisasi" ` +
      `FROM "budgets" AS "b" WHERE "b"."status" = 'published' AND "b"."published_at" IS NOT NULL ` +
      'AND "b"."published_at" <= ?' +
      (year === null ? '' : ' AND "b"."year" = ?') +
      ' ORDER BY "b"."year" DESC LIMIT 1',
    year === null ? [at] : [at, year],
  )
  if (row.year === undefined || row.year === null) return null
  return {
    year: numberOf(row.year),
    pendapatan: numberOf(row.pendapatan),
    belanja: numberOf(row.belanja),
    realisasi_belanja: numberOf(row.realisasi),
  }
}

/** The newest post the public sees: when it was published (ISO), or null. */
export async function newestPostFigure(at = now()): Promise<string | null> {
  const row = await one(`SELECT MAX("published_at") AS "newest" FROM "posts" WHERE ${VISIBLE}`, [at])
  const ms = msOf(row.newest)
  return ms === null ? null : new Date(ms).toISOString()
}

/** Development projects the public sees: how many, and their progress summed (for averages over several villages). */
export async function developmentFigures(at = now()): Promise<RawFigures['developments']> {
  const row = await one(
    `SELECT COUNT(*) AS "count", SUM("progress") AS "progress" FROM "developments" WHERE ${VISIBLE}`,
    [at],
  )
  return { count: numberOf(row.count), progress_sum: numberOf(row.progress) }
}

/**
 * Reports with a due date (`kind` one kind, or all): `judged` those answered (the first response, else the closing)
 * or past due unanswered, `on_time` those answered by their due date. `open` the reports `baru` or `diproses`.
 */
async function dueFigures(at: Date, kind?: string) {
  const row = await one(
    'SELECT ' +
      `SUM(CASE WHEN "status" IN ('baru', 'diproses') THEN 1 ELSE 0 END) AS "open", ` +
      'SUM(CASE WHEN "due_at" IS NOT NULL AND "answered" IS NOT NULL AND "answered" <= "due_at" THEN 1 ELSE 0 END) AS "on_time", ' +
      'SUM(CASE WHEN "due_at" IS NOT NULL AND ("answered" IS NOT NULL OR "due_at" < ?) THEN 1 ELSE 0 END) AS "judged" ' +
      // The first decision or response (`answered_at`, issue 38), else the first response or the closing.
      'FROM (SELECT "status", "due_at", COALESCE("answered_at", ' +
      '(SELECT MIN("r"."created_at") FROM "report_responses" AS "r" WHERE "r"."report_id" = "reports"."id"), ' +
      '"closed_at") AS "answered" FROM "reports"' +
      (kind ? ' WHERE "kind" = ?' : '') +
      ') AS "t"',
    kind ? [at, kind] : [at],
  )
  return { open: numberOf(row.open), on_time: numberOf(row.on_time), judged: numberOf(row.judged) }
}

/** Citizen reports: open ones, and how many of those with a due date were answered by it. */
export const reportFigures = (at = now()): Promise<RawFigures['reports']> => dueFigures(at)

/**
 * Letters (docs/api.md "Letters"): requests waiting (`diajukan` or `diproses`) and letters issued in the last 30
 * days (revoked ones included: they were issued).
 */
export async function letterFigures(at = now()): Promise<RawFigures['letters']> {
  const since = new Date(at.getTime() - 30 * 24 * 3600 * 1000)
  const row = await one(
    `SELECT (SELECT COUNT(*) FROM "letter_requests" WHERE "status" IN ('diajukan', 'diproses')) AS "pending", ` +
      '(SELECT COUNT(*) FROM "letters" WHERE "issued_at" > ? AND "issued_at" <= ?) AS "issued"',
    [since, at],
  )
  return { pending: numberOf(row.pending), issued_30d: numberOf(row.issued) }
}

/**
 * PPID: the entries of the Daftar Informasi Publik without a year (every public document, published APBDes year,
 * development project and statistics dataset, once each, and the entries staff add), and how many information
 * requests were answered by their due date.
 */
export async function ppidFigures(at = now()): Promise<RawFigures['ppid']> {
  const row = await one(
    'SELECT ' +
      `(SELECT COUNT(*) FROM "documents" WHERE ${VISIBLE} AND "information_class" <> 'dikecualikan') AS "documents", ` +
      `(SELECT COUNT(*) FROM "budgets" WHERE ${VISIBLE}) AS "budgets", ` +
      `(SELECT COUNT(*) FROM "developments" WHERE ${VISIBLE}) AS "developments", ` +
      `(SELECT COUNT(*) FROM "statistics" WHERE ${VISIBLE}) AS "statistics", ` +
      // The entries staff add by hand (issue 38).
      '(SELECT COUNT(*) FROM "dip_entries") AS "manual"',
    [at, at, at, at],
  )
  const requests = await dueFigures(at, 'permohonan_informasi')
  const dip =
    numberOf(row.documents) +
    numberOf(row.budgets) +
    numberOf(row.developments) +
    numberOf(row.statistics) +
    numberOf(row.manual)
  return { dip_entries: dip, on_time: requests.on_time, judged: requests.judged }
}

/** The same answer for how answered a report is (`dueFigures`): its first decision or response, else its closing. */
const ANSWERED =
  'COALESCE("answered_at", (SELECT MIN("r"."created_at") FROM "report_responses" AS "r" ' +
  'WHERE "r"."report_id" = "reports"."id"), "closed_at")'

/**
 * When (ms) one of the village's figures would next change without a write, or null: a scheduled publish time
 * arriving (posts, budgets, projects, documents, datasets), an unanswered report's or information request's due date
 * passing, a letter leaving the last 30 days or a letter dated ahead coming into them.
 */
export async function figuresChangeAt(at = now()): Promise<number | null> {
  const since = new Date(at.getTime() - 30 * 24 * 3600 * 1000)
  const published = ['posts', 'budgets', 'developments', 'documents', 'statistics'].map(scheduledIn)
  const row = await one(
    `SELECT (${nextOf(published)}) AS "published", ` +
      `(SELECT MIN("due_at") FROM (SELECT "due_at", ${ANSWERED} AS "answered" FROM "reports") AS "t" ` +
      'WHERE "answered" IS NULL AND "due_at" >= ?) AS "due", ' +
      '(SELECT MIN("issued_at") FROM "letters" WHERE "issued_at" > ? AND "issued_at" <= ?) AS "leaving", ' +
      '(SELECT MIN("issued_at") FROM "letters" WHERE "issued_at" > ?) AS "coming"',
    [...published.map(() => at), at, since, at, at],
  )
  const due = msOf(row.due)
  const leaving = msOf(row.leaving)
  const times = [
    msOf(row.published),
    // Judged once past due (`due_at` < now), so from the next millisecond.
    due === null ? null : due + 1,
    leaving === null ? null : leaving + 30 * 24 * 3600 * 1000,
    msOf(row.coming),
  ].filter((time): time is number => time !== null)
  return times.length ? Math.min(...times) : null
}

/** The publish times of `table` after the time given (one `?`). */
const scheduledIn = (table: string) =>
  `SELECT "published_at" AS "at" FROM "${table}" WHERE "status" = 'published' AND "published_at" > ?`
const nextOf = (selects: string[]) => `SELECT MIN("at") FROM (${selects.join(' UNION ALL ')}) AS "p"`

/** The next publish time (ms) of the village's `tables` after `at`, or null: when what the public sees of them moves. */
export async function nextPublishAt(tables: string[], at = now()): Promise<number | null> {
  const row = await one(
    `SELECT (${nextOf(tables.map(scheduledIn))}) AS "next"`,
    tables.map(() => at),
  )
  return msOf(row.next)
}

/** One village's raw figures computed now in its database (the caller's scope), and until when they hold. */
export async function villageRawFigures(year: number | null): Promise<{ raw: RawFigures; until: number | null }> {
  const at = now()
  const [last_published_at, apbdes, developments, reports, letters, ppid, until] = await Promise.all([
    newestPostFigure(at),
    apbdesFigures(year, at),
    developmentFigures(at),
    reportFigures(at),
    letterFigures(at),
    ppidFigures(at),
    figuresChangeAt(at),
  ])
  return { raw: { last_published_at, apbdes, developments, reports, letters, ppid }, until }
}

/**
 * Figures kept with the count of the village's writes they were computed at (its `writes` in village_summaries,
 * read before they were) and the moment they stop holding: they are the village's figures while both hold.
 */
type Stamped = { stamp: number; until: number | null; raw: RawFigures }
const holds = (kept: Stamped | undefined, writes: number, at: number): kept is Stamped =>
  kept !== undefined && kept.stamp === writes && (kept.until === null || at < kept.until)

/** Other years' figures (`?year=`), in this process only: `{village id}|{year}`, the oldest first out. */
const yearFigures = new Map<string, Stamped>()
const YEAR_FIGURES = 4_000

/** The default year's figures as the registry keeps them (JSON), or undefined. */
function keptInRegistry(summary: VillageSummary | undefined): Stamped | undefined {
  if (!summary || summary.figures === null || summary.figures_stamp === null) return undefined
  try {
    return { stamp: summary.figures_stamp, until: summary.figures_until, raw: JSON.parse(summary.figures) }
  } catch {
    return undefined
  }
}

/**
 * The raw figures of the villages given, for `year`: each from what is kept for it while it holds, else computed in
 * the village's own scope (a few villages at a time) and kept. The counts of writes are read before any village is,
 * so figures are never kept under a newer count than the data they were computed from. Logs `regency-figures-read`
 * at `debug` (how many villages, how many computed).
 */
async function figuresOf(villages: Village[], year: number | null): Promise<RawFigures[]> {
  const summaries = new Map((await villageSummaries()).map((summary) => [summary.village_id, summary]))
  const at = nowMs()
  const fresh: KeptFigures[] = []
  let computed = 0
  const raws = await eachAtMost(villages, PARALLEL, async (village) => {
    const summary = summaries.get(village.id)
    const writes = summary?.writes ?? 0
    const key = `${village.id}|${year}`
    const kept = year === null ? keptInRegistry(summary) : yearFigures.get(key)
    if (holds(kept, writes, at)) return kept.raw
    computed += 1
    const { raw, until } = await inVillage(scopeOf(village), () => villageRawFigures(year))
    if (year === null) fresh.push({ village: village.id, stamp: writes, until, figures: JSON.stringify(raw) })
    else {
      yearFigures.delete(key)
      yearFigures.set(key, { stamp: writes, until, raw })
      while (yearFigures.size > YEAR_FIGURES) yearFigures.delete(yearFigures.keys().next().value!)
    }
    return raw
  })
  log.debug(
    { event: 'regency-figures-read', villages: villages.length, computed, year },
    `the figures of ${villages.length} village(s), ${computed} computed`,
  )
  if (fresh.length)
    await keepVillageFigures(fresh).catch((error) =>
      log.warn({ event: 'regency-figures-keep', err: error }, 'could not keep the villages’ figures'),
    )
  return raws
}

/**
 * Villages' figures (the default year) computed and kept in the registry at start and at the daily pass, where every
 * village is open anyway: a write that did not pass the write lock (a script, psql) or a restored backup is in the
 * figures by then, and the first figures call after a start opens no village that did not write since. `add` in each
 * village's scope, `keep` once after them all (one registry transaction).
 */
export function villageFiguresBatch() {
  const kept: KeptFigures[] = []
  return {
    add: async () => {
      const id = currentScope()?.id
      if (!id) return
      const [summary] = await villageSummaries(id)
      const { raw, until } = await villageRawFigures(null)
      kept.push({ village: id, stamp: summary?.writes ?? 0, until, figures: JSON.stringify(raw) })
    },
    keep: () => keepVillageFigures(kept),
  }
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null)

/** The shown figures of raw ones (one village's, or a sum). */
function shown(raw: Omit<RawFigures, 'last_published_at'>) {
  return {
    apbdes: raw.apbdes && {
      year: raw.apbdes.year,
      pendapatan: raw.apbdes.pendapatan,
      belanja: raw.apbdes.belanja,
      realisasi_belanja_pct: percent(raw.apbdes.realisasi_belanja, raw.apbdes.belanja),
    },
    developments: {
      count: raw.developments.count,
      avg_progress:
        raw.developments.count > 0
          ? Math.round((raw.developments.progress_sum / raw.developments.count) * 10) / 10
          : null,
    },
    reports: { open: raw.reports.open, on_time_pct: percent(raw.reports.on_time, raw.reports.judged) },
    letters: { ...raw.letters },
    ppid: { dip_entries: raw.ppid.dip_entries, on_time_pct: percent(raw.ppid.on_time, raw.ppid.judged) },
  }
}

type CountGroup = 'developments' | 'reports' | 'letters' | 'ppid'

/** The counts `keys` of one group of raw figures, each summed over `all` (in the order named). */
function summedCounts<G extends CountGroup>(all: RawFigures[], group: G, keys: (keyof RawFigures[G])[]) {
  const total = (key: keyof RawFigures[G]) => all.reduce((sum, raw) => sum + (raw[group][key] as number), 0)
  return Object.fromEntries(keys.map((key) => [key, total(key)])) as RawFigures[G]
}

/**
 * The sum of several villages' raw figures. The APBDes sum covers the villages that have one; its `year` is the year
 * asked, or without one the newest of theirs.
 */
function summed(all: RawFigures[], year: number | null): Omit<RawFigures, 'last_published_at'> {
  const budgets = all.flatMap((raw) => (raw.apbdes ? [raw.apbdes] : []))
  return {
    apbdes: budgets.length
      ? {
          year: year ?? Math.max(...budgets.map((budget) => budget.year)),
          pendapatan: budgets.reduce((total, budget) => total + budget.pendapatan, 0),
          belanja: budgets.reduce((total, budget) => total + budget.belanja, 0),
          realisasi_belanja: budgets.reduce((total, budget) => total + budget.realisasi_belanja, 0),
        }
      : null,
    developments: summedCounts(all, 'developments', ['count', 'progress_sum']),
    reports: summedCounts(all, 'reports', ['open', 'on_time', 'judged']),
    letters: summedCounts(all, 'letters', ['pending', 'issued_30d']),
    ppid: summedCounts(all, 'ppid', ['dip_entries', 'on_time', 'judged']),
  }
}

/** `work` for each item, at most `parallel` at a time. */
export async function eachAtMost<T, R>(items: T[], parallel: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const lane = async () => {
    while (next < items.length) {
      const at = next++
      results[at] = await work(items[at])
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, lane))
  return results
}

/** How many villages' figures are computed at once (each in its own scope: its database opened in turn). */
const PARALLEL = 8

/** Figures' ordering keys of the console's village list (`sort`), each a figure of the row. */
export const FIGURE_SORTS = {
  realisasi: (row: FigureRow) => row.apbdes?.realisasi_belanja_pct ?? -1,
  proyek: (row: FigureRow) => row.developments.count,
  laporan: (row: FigureRow) => row.reports.open,
  tepat_waktu: (row: FigureRow) => row.reports.on_time_pct ?? -1,
  surat: (row: FigureRow) => row.letters.pending,
  dip: (row: FigureRow) => row.ppid.dip_entries,
} as const
export type FigureSort = keyof typeof FIGURE_SORTS

export type FigureRow = ReturnType<typeof shown> & {
  slug: string
  name: string
  kecamatan: string
  kode_wilayah: string | null
  last_published_at: string | null
}

/**
 * GET /api/regency/figures?year: the active villages given (the caller's reach), each with its figures, the sums per
 * kecamatan (by name; villages without one under '') and the total.
 */
export function regencyFigures(villages: Village[], year: number | null) {
  // Kept whole while no village changed (villagesVersion): a repeated call opens no village.
  const key = `${villagesVersion()}|${year ?? ''}|${villages.map((village) => village.id).join(',')}`
  return remembered(assembled, key, () => computeFigures(villages, year))
}

/** A few assembled answers of the regency's, by key; the oldest first out, a failure not kept. */
export function remembered<T>(store: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  const hit = store.get(key)
  if (hit) return hit
  const made = make()
  store.set(key, made)
  made.catch(() => store.get(key) === made && store.delete(key))
  while (store.size > 16) store.delete(store.keys().next().value!)
  return made
}
const assembled = new Map<string, Promise<Awaited<ReturnType<typeof computeFigures>>>>()

async function computeFigures(villages: Village[], year: number | null) {
  const active = villages.filter((village) => village.status === 'active')
  const figures = await figuresOf(active, year)
  const raws = active.map((village, at) => ({ village, raw: figures[at] }))
  const rows: FigureRow[] = raws.map(({ village, raw }) => ({
    slug: village.slug,
    name: village.name,
    kecamatan: village.kecamatan,
    kode_wilayah: village.kode_wilayah,
    last_published_at: raw.last_published_at,
    ...shown(raw),
  }))
  const groups = new Map<string, RawFigures[]>()
  for (const { village, raw } of raws) groups.set(village.kecamatan, [...(groups.get(village.kecamatan) ?? []), raw])
  const kecamatan = [...groups.entries()]
    .sort(([one], [other]) => Number(!one) - Number(!other) || one.localeCompare(other, 'id'))
    .map(([name, all]) => ({ kecamatan: name, villages: all.length, ...shown(summed(all, year)) }))
  return {
    villages: rows,
    kecamatan,
    total: {
      villages: rows.length,
      ...shown(
        summed(
          raws.map(({ raw }) => raw),
          year,
        ),
      ),
    },
  }
}
export type RegencyFigures = Awaited<ReturnType<typeof computeFigures>>

const CSV_HEADER = [
  'Desa',
  'Slug',
  'Kecamatan',
  'Kode Wilayah',
  'Terbit Terakhir',
  'Tahun APBDes',
  'Pendapatan',
  'Belanja',
  'Realisasi Belanja (%)',
  'Proyek',
  'Rata-rata Progres (%)',
  'Laporan Terbuka',
  'Laporan Tepat Waktu (%)',
  'Permohonan Surat Menunggu',
  'Surat Terbit 30 Hari',
  'Entri DIP',
  'Permohonan Informasi Tepat Waktu (%)',
]

/** `GET /api/regency/figures.csv`: the villages' rows. */
export function figuresCsv(figures: RegencyFigures) {
  const cell = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : value)
  return csvOf([
    CSV_HEADER,
    ...figures.villages.map((row) => [
      row.name,
      row.slug,
      row.kecamatan,
      cell(row.kode_wilayah),
      cell(row.last_published_at),
      cell(row.apbdes?.year),
      cell(row.apbdes?.pendapatan),
      cell(row.apbdes?.belanja),
      cell(row.apbdes?.realisasi_belanja_pct),
      row.developments.count,
      cell(row.developments.avg_progress),
      row.reports.open,
      cell(row.reports.on_time_pct),
      row.letters.pending,
      row.letters.issued_30d,
      row.ppid.dip_entries,
      cell(row.ppid.on_time_pct),
    ]),
  ])
}

const figureShape = {
  apbdes: z
    .object({
      year: z.number().int(),
      pendapatan: z.number(),
      belanja: z.number(),
      realisasi_belanja_pct: z.number().nullable(),
    })
    .nullable(),
  developments: z.object({ count: z.number().int(), avg_progress: z.number().nullable() }),
  reports: z.object({ open: z.number().int(), on_time_pct: z.number().nullable() }),
  letters: z.object({ pending: z.number().int(), issued_30d: z.number().int() }),
  ppid: z.object({ dip_entries: z.number().int(), on_time_pct: z.number().nullable() }),
}

/** The figures as the OpenAPI document describes them. */
export const figuresResponse = z
  .object({
    villages: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        kecamatan: z.string(),
        kode_wilayah: z.string().nullable(),
        last_published_at: z.string().nullable(),
        ...figureShape,
      }),
    ),
    kecamatan: z.array(z.object({ kecamatan: z.string(), villages: z.number().int(), ...figureShape })),
    total: z.object({ villages: z.number().int(), ...figureShape }),
  })
  .openapi('RegencyFigures')
