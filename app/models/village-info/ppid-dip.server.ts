import { responseId, responseTime, z } from '~/utils/response-shape.server'
import { prisma, serializeWrite } from '~/utils/db.server'
import { getEnv } from '~/utils/config.server'
import { now } from '~/utils/clock.server'
import { notFound, validationError } from '~/utils/http.server'
import { checkInput, optionalText, requiredText } from '~/utils/validation.server'
import { cachedRead } from '~/public-reads/read-memo.server'
import { wallClockOf } from '~/lib/zoned-time'
import { htmlToText } from '~/lib/format'
import { DOCUMENT_KIND_LABELS, type DocumentKind } from '~/lib/documents'
import { decisionLabel, reportStatusLabel } from '~/lib/reports'
import type { ListQuery } from '~/lib/paging'
import { documentRule } from '~/models/village-info/document.server'
import { visibleWhere } from '~/models/content/publishing.server'
import { listPage, orNotFound } from '~/models/site/crud.server'
import { workingDaysBetween } from '~/models/citizen-services/report.server'

/**
 * The Daftar Informasi Publik, the PPID's registers and its annual report (docs/api.md "Public information, the
 * whole cycle"; decision 077). The DIP is built from what the village publishes (every public document, published
 * APBDes year, development project and statistics dataset, each once) plus the entries staff add by hand; the
 * registers and the report are computed from the information requests and objections. The public reads are kept
 * in the read memo per data version: a decision, an objection or a new document shows on the next request.
 */

/** The DIP's classes: an exempt document is never in it. */
export const DIP_CLASSES = ['berkala', 'serta_merta', 'setiap_saat'] as const

export const dipItemResponse = z
  .object({
    title: z.string(),
    summary: z.string(),
    class: z.enum(DIP_CLASSES),
    url: z.string().openapi({ description: 'Its public page (absolute); a manual entry may have none ("").' }),
    official: z.string(),
    responsible: z.string(),
    made_at: z.string().openapi({ description: 'YYYY-MM-DD' }),
    form: z.string(),
    retention: z.string(),
  })
  .strict()
  .openapi('DipItem')

export type DipItem = z.infer<typeof dipItemResponse>

export const dipEntryResponse = z
  .object({
    id: responseId(),
    title: z.string(),
    summary: z.string(),
    class: z.enum(DIP_CLASSES),
    url: z.string(),
    official: z.string(),
    responsible: z.string(),
    made_at: z.string(),
    form: z.string(),
    retention: z.string(),
    created_at: responseTime(),
    updated_at: responseTime(),
  })
  .openapi('DipEntry')

const DATE = /^\d{4}-\d{2}-\d{2}$/

export const dipEntryInput = z.object({
  title: requiredText('Title', 255),
  summary: optionalText('Summary', 1000),
  class: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.enum(DIP_CLASSES, { errorMap: () => ({ message: `Class must be one of ${DIP_CLASSES.join(', ')}` }) }),
  ),
  url: optionalText('Url', 500).refine(
    (value) => value === '' || /^(https?:\/\/[^\s<>"]+|\/[^\s<>"]*)$/.test(value),
    'Url must be an http(s) address or a path of this site',
  ),
  official: optionalText('Official', 255),
  responsible: optionalText('Responsible', 255),
  made_at: requiredText('Made_at', 10).refine(
    (value) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
    'Made_at must be a date (YYYY-MM-DD)',
  ),
  form: optionalText('Form', 255),
  retention: optionalText('Retention', 255),
})

const dateOf = (at: Date | null | undefined) => {
  if (!at) return ''
  const clock = wallClockOf(at.getTime(), getEnv().TZ)
  return `${clock.year}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`
}

/** The visible words of the start of rich text, at most 200 characters. */
const summaryOf = (html: string) => {
  const text = htmlToText(html.slice(0, 2000).replace(/<[^>]*$/, ''))
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}...` : text
}

const REGULATION_KINDS: readonly string[] = [
  'peraturan_desa',
  'peraturan_kepala_desa',
  'peraturan_bersama',
  'keputusan_kepala_desa',
]

/** What fills the columns of the automatic entries (decision 077): the same official and holder for all. */
const OFFICIAL = 'Sekretariat Desa'
const RESPONSIBLE = 'PPID Desa'

/** Every automatic entry, then the manual ones, as paths (the door makes them absolute), newest first. */
async function buildDip(): Promise<DipItem[]> {
  const at = now()
  const [documents, budgets, developments, statistics, manual] = await Promise.all([
    prisma.document.findMany({
      where: documentRule.where(at),
      select: {
        title: true,
        slug: true,
        number: true,
        kind: true,
        information_class: true,
        enacted_at: true,
        description: true,
        published_at: true,
      },
      orderBy: { id: 'desc' },
    }),
    prisma.budget.findMany({
      where: visibleWhere(at),
      select: { year: true, regulation_number: true, published_at: true },
      orderBy: { year: 'desc' },
    }),
    prisma.development.findMany({
      where: visibleWhere(at),
      select: { title: true, slug: true, location: true, year: true, start_date: true, published_at: true },
      orderBy: { id: 'desc' },
    }),
    prisma.statistic.findMany({
      where: visibleWhere(at),
      select: { title: true, slug: true, year: true, source: true, published_at: true },
      orderBy: { id: 'desc' },
    }),
    prisma.dipEntry.findMany({ orderBy: { id: 'desc' } }),
  ])
  const items: DipItem[] = [
    ...documents.map((document) => {
      const kind = DOCUMENT_KIND_LABELS[document.kind as DocumentKind] ?? document.kind
      const regulation = REGULATION_KINDS.includes(document.kind)
      return {
        title: document.title,
        summary:
          summaryOf(document.description) || `${kind}${document.number ? ` Nomor ${document.number}` : ''}`.trim(),
        class: document.information_class as DipItem['class'],
        url: `/dokumen/${document.slug}`,
        official: OFFICIAL,
        responsible: RESPONSIBLE,
        made_at: document.enacted_at ?? dateOf(document.published_at),
        form: 'Softcopy (PDF)',
        retention: regulation ? 'Selama berlaku' : '5 tahun',
      }
    }),
    ...budgets.map((budget) => ({
      title: `APBDes ${budget.year}`,
      summary:
        `Anggaran Pendapatan dan Belanja Desa tahun ${budget.year}` +
        (budget.regulation_number ? ` (${budget.regulation_number})` : '') +
        ', dengan realisasinya',
      class: 'berkala' as const,
      url: `/apbdes/${budget.year}`,
      official: OFFICIAL,
      responsible: RESPONSIBLE,
      made_at: dateOf(budget.published_at),
      form: 'Softcopy (halaman web, CSV)',
      retention: '10 tahun',
    })),
    ...developments.map((project) => ({
      title: project.title,
      summary: `Kegiatan pembangunan tahun ${project.year}${project.location ? ` di ${project.location}` : ''}`,
      class: 'berkala' as const,
      url: `/pembangunan/${project.slug}`,
      official: OFFICIAL,
      responsible: RESPONSIBLE,
      made_at: project.start_date ?? dateOf(project.published_at),
      form: 'Softcopy (halaman web)',
      retention: '10 tahun',
    })),
    ...statistics.map((dataset) => ({
      title: dataset.title,
      summary:
        `Data statistik desa${dataset.year ? ` tahun ${dataset.year}` : ''}` +
        (dataset.source ? `, sumber: ${dataset.source}` : ''),
      class: 'berkala' as const,
      url: `/statistik/${dataset.slug}`,
      official: OFFICIAL,
      responsible: RESPONSIBLE,
      made_at: dateOf(dataset.published_at),
      form: 'Softcopy (halaman web, CSV)',
      retention: '5 tahun',
    })),
    ...manual.map((entry) => ({
      title: entry.title,
      summary: entry.summary,
      class: entry.class as DipItem['class'],
      url: entry.url,
      official: entry.official,
      responsible: entry.responsible,
      made_at: entry.made_at,
      form: entry.form,
      retention: entry.retention,
    })),
  ]
  // Newest first; the same day keeps the order above (documents, budgets, projects, datasets, manual entries).
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.made_at === b.item.made_at ? a.index - b.index : a.item.made_at < b.item.made_at ? 1 : -1))
    .map(({ item }) => item)
}

/** The DIP (every entry, or those made in `year`), once per data version. */
export function dipEntries(year?: number | null): Promise<DipItem[]> {
  if (year === null || year === undefined) return cachedRead('ppid-dip', buildDip)
  return cachedRead(JSON.stringify(['ppid-dip', year]), async () =>
    (await dipEntries(null)).filter((item) => item.made_at.startsWith(`${year}-`)),
  )
}

/** The years the DIP has entries of, newest first (the page's filter), once per data version. */
export const dipYearsOf = () =>
  cachedRead('ppid-dip-years', async () =>
    [...new Set((await dipEntries(null)).map((item) => Number(item.made_at.slice(0, 4))))]
      .filter((year) => year >= 2000 && year <= 2100)
      .sort((a, b) => b - a),
  )

/** The count of `GET /api/public/ppid/dip` without a year (the regency's figures). */
export const dipCount = async () => (await dipEntries(null)).length

// ---------------------------------------------------------------------------------------------------------------
// Manual entries (GET/POST/PUT/DELETE /api/admin/ppid/dip[/{id}], documents-*)

export const listDipEntries = (query: ListQuery, path: string) =>
  // No search index on the few manual entries: the list is paged, never searched.
  listPage<unknown>(prisma.dipEntry, {
    table: 'dip_entries',
    select: dipEntrySelect,
    searchColumns: [],
    query: { ...query, search: '' },
    path,
  })

const dipEntrySelect = {
  id: true,
  title: true,
  summary: true,
  class: true,
  url: true,
  official: true,
  responsible: true,
  made_at: true,
  form: true,
  retention: true,
  created_at: true,
  updated_at: true,
} as const

export const getDipEntry = (id: number) => orNotFound(prisma.dipEntry.findUnique({ where: { id } }), 'Entry')

function parseEntry(input: Record<string, unknown>) {
  const { data, errors } = checkInput(dipEntryInput, input)
  if (Object.keys(errors).length) throw validationError(errors)
  return data as z.infer<typeof dipEntryInput>
}

export async function createDipEntry(input: Record<string, unknown>) {
  const data = parseEntry(input)
  return serializeWrite(() => prisma.dipEntry.create({ data }))
}

export async function updateDipEntry(id: number, input: Record<string, unknown>) {
  const data = parseEntry(input)
  return serializeWrite(async () => {
    if (!(await prisma.dipEntry.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Entry')
    return prisma.dipEntry.update({ where: { id }, data })
  })
}

export async function deleteDipEntry(id: number) {
  return serializeWrite(async () => {
    if (!(await prisma.dipEntry.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Entry')
    await prisma.dipEntry.delete({ where: { id } })
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Registers (GET /api/admin/ppid/register?year&type, reports-index)

export const REGISTER_TYPES = ['permohonan', 'keberatan'] as const
export type RegisterType = (typeof REGISTER_TYPES)[number]

export const registerRowResponse = z
  .object({
    ticket: z.string(),
    date: z.string().openapi({ description: 'The filing date, YYYY-MM-DD in the village TZ' }),
    name: z.string(),
    contact: z.string(),
    subject: z.string(),
    decision: z.string().openapi({ description: 'Requests: the decision; objections: the status' }),
    answered_at: z.string().nullable().openapi({ description: 'The first decision or response (YYYY-MM-DD)' }),
    working_days: z.number().int().nullable(),
    on_time: z.string().nullable().openapi({ description: '`ya` or `tidak`; null while open and not yet due' }),
  })
  .openapi('RegisterRow')

export type RegisterRow = z.infer<typeof registerRowResponse>

type CycleRow = {
  ticket: string
  name: string
  phone: string
  email: string
  subject: string
  status: string
  decision: string | null
  decision_reason: string
  created_at: Date
  due_at: Date | null
  answered_at: Date | null
}

const cycleSelect = {
  ticket: true,
  name: true,
  phone: true,
  email: true,
  subject: true,
  status: true,
  decision: true,
  decision_reason: true,
  created_at: true,
  due_at: true,
  answered_at: true,
} as const

const kindOf = (type: RegisterType) => (type === 'permohonan' ? 'permohonan_informasi' : 'keberatan')

/** Within the due date: answered by it (yes/no); open, it is late once the due date passed, else not yet known. */
function onTime(row: CycleRow, at: number): boolean | null {
  if (row.answered_at) return !row.due_at || row.answered_at.getTime() <= row.due_at.getTime()
  if (row.due_at && row.due_at.getTime() < at) return false
  return null
}

/** The register of a year (the tickets' year), oldest first. */
export async function register(year: number, type: RegisterType): Promise<RegisterRow[]> {
  const rows = await prisma.report.findMany({
    where: { kind: kindOf(type), year },
    select: cycleSelect,
    orderBy: { sequence: 'asc' },
  })
  const at = now().getTime()
  return rows.map((row) => {
    const timely = onTime(row, at)
    return {
      ticket: row.ticket,
      date: dateOf(row.created_at),
      name: row.name,
      contact: [row.phone, row.email].filter(Boolean).join(' / '),
      subject: row.subject,
      decision: type === 'permohonan' ? decisionLabel(row.decision) : reportStatusLabel(row.status),
      answered_at: row.answered_at ? dateOf(row.answered_at) : null,
      working_days: row.answered_at ? workingDaysBetween(row.created_at, row.answered_at) : null,
      on_time: timely === null ? null : timely ? 'ya' : 'tidak',
    }
  })
}

export const REGISTER_HEADER = [
  'ticket',
  'date',
  'name',
  'contact',
  'subject',
  'decision',
  'answered_at',
  'working_days',
  'on_time',
] as const

// ---------------------------------------------------------------------------------------------------------------
// The annual report (GET /api/public/ppid/report/{year})

export const annualReportResponse = z
  .object({
    year: z.number().int(),
    requests: z.object({
      received: z.number().int(),
      granted: z.number().int(),
      partly: z.number().int(),
      refused: z.number().int(),
      pending: z.number().int(),
      on_time_pct: z.number().nullable(),
      avg_days: z.number().nullable(),
      max_days: z.number().int().nullable(),
    }),
    refusal_reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
    objections: z.object({ received: z.number().int(), answered: z.number().int(), pending: z.number().int() }),
  })
  .openapi('PpidAnnualReport')

export type AnnualReport = z.infer<typeof annualReportResponse>

const oneDecimal = (value: number) => Math.round(value * 10) / 10

/** The report of `year`, computed from the records (decision 077), once per data version. */
export function annualReport(year: number): Promise<AnnualReport> {
  return cachedRead(JSON.stringify(['ppid-report', year]), async () => {
    const [requests, objections] = await Promise.all([
      prisma.report.findMany({ where: { kind: 'permohonan_informasi', year }, select: cycleSelect }),
      prisma.report.findMany({ where: { kind: 'keberatan', year }, select: cycleSelect }),
    ])
    const at = now().getTime()
    const days = requests
      .filter((row) => row.answered_at)
      .map((row) => workingDaysBetween(row.created_at, row.answered_at!))
    const judged = requests.map((row) => onTime(row, at)).filter((value) => value !== null)
    const reasons = new Map<string, number>()
    for (const row of requests)
      if (row.decision === 'ditolak' || row.decision === 'diberikan_sebagian') {
        const reason = row.decision_reason.trim()
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
      }
    const answeredObjections = objections.filter((row) => row.answered_at || !['baru', 'diproses'].includes(row.status))
    return {
      year,
      requests: {
        received: requests.length,
        granted: requests.filter((row) => row.decision === 'diberikan').length,
        partly: requests.filter((row) => row.decision === 'diberikan_sebagian').length,
        refused: requests.filter((row) => row.decision === 'ditolak').length,
        pending: requests.filter((row) => !row.decision).length,
        on_time_pct: judged.length ? oneDecimal((judged.filter(Boolean).length * 100) / judged.length) : null,
        avg_days: days.length ? oneDecimal(days.reduce((sum, value) => sum + value, 0) / days.length) : null,
        max_days: days.length ? Math.max(...days) : null,
      },
      refusal_reasons: [...reasons.entries()]
        .map(([reason, count]) => ({ reason, count }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      objections: {
        received: objections.length,
        answered: answeredObjections.length,
        pending: objections.length - answeredObjections.length,
      },
    }
  })
}

/** The years that have a report: those with an information request or an objection, newest first. */
export function reportYears(): Promise<number[]> {
  return cachedRead('ppid-report-years', async () => {
    const rows = await prisma.report.findMany({
      where: { kind: { in: ['permohonan_informasi', 'keberatan'] } },
      select: { year: true },
      distinct: ['year'],
    })
    return rows.map((row) => row.year).sort((a, b) => b - a)
  })
}

/** The on-time share of every information request (the regency console's village figures), or null. */
export async function onTimeShare(): Promise<number | null> {
  const rows = await prisma.report.findMany({ where: { kind: 'permohonan_informasi' }, select: cycleSelect })
  const at = now().getTime()
  const judged = rows.map((row) => onTime(row, at)).filter((value) => value !== null)
  return judged.length ? oneDecimal((judged.filter(Boolean).length * 100) / judged.length) : null
}
