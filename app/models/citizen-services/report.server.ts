import crypto from 'node:crypto'
import { nullableResponseTime, responseId, responseTime, timestamps, z } from '~/utils/response-shape.server'
import type { Prisma } from '~/generated/prisma/client'
import type { SessionUser } from '~/models/accounts/user.server'
import { prisma, serializeWrite } from '~/utils/db.server'
import { getEnv } from '~/utils/config.server'
import { HttpError, notFound, validationError } from '~/utils/http.server'
import { log } from '~/utils/error-log.server'
import { scrubErased } from '~/utils/erased-bytes.server'
import { mailConfigured, sendMail } from '~/utils/mail.server'
import { now, nowMs } from '~/utils/clock.server'
import { removeImage, stagedImage, writeWithImage } from '~/utils/upload-pipeline.server'
import { checkInput, optionalText, requiredText, requiredChoice } from '~/utils/validation.server'
import { fromZonedTime, wallClockOf } from '~/lib/zoned-time'
import { choiceFilter, type ListQuery } from '~/lib/paging'
import { cachedRead } from '~/public-reads/read-memo.server'
import {
  DECISIONS,
  DECISIONS_WITH_REASON,
  INBOX_KINDS,
  OPEN_STATUSES,
  REPORT_KINDS,
  REPORT_STATUSES,
  reportKindLabel,
  reportStatusLabel,
  TICKET_PREFIXES,
  type Decision,
  type InboxKind,
  type ReportKind,
} from '~/lib/reports'
import { recordActivity, type Actor } from '~/models/accounts/activity.server'
import { listPage, orNotFound } from '~/models/site/crud.server'
import { refuseGamblingSpam } from './spam.server'

/**
 * Citizens' reports (docs/api.md "Citizen reports"; decision 048): complaints, aspirations and information requests
 * filed by anyone, tracked with a ticket and a secret code, answered by staff. The citizen's name, phone and e-mail
 * are personal data: only staff's reads select them; the public answers below never do, and the daily clean-up
 * erases them REPORT_CONTACT_RETENTION_DAYS after a report closed.
 */

/** The report's photo lives in the private area: only staff see it, through the inbox. */
export const REPORT_PHOTO_KIND = 'private/reports' as const

/** A staff member's answer to a report, as the staff's reads show it. */
export const reportAnswerResponse = z
  .object({ id: responseId(), message: z.string(), user_name: z.string(), created_at: responseTime() })
  .openapi('ReportResponse')

/** Everything of a report, for staff (docs/api.md "Citizen reports"): with the citizen's name, phone and e-mail. */
export const reportResponse = z
  .object({
    id: responseId(),
    ticket: z.string().openapi({ example: 'ADU-2026-0007' }),
    kind: z.enum(INBOX_KINDS),
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string().openapi({ description: 'Plain text' }),
    image: z
      .string()
      .nullable()
      .openapi({ description: 'The photo, in the private storage; staff see it in the inbox.' }),
    status: z.enum(REPORT_STATUSES),
    public: z.boolean(),
    due_at: nullableResponseTime('Information requests: 10 working days after the filing.'),
    closed_at: nullableResponseTime(),
    contact_erased_at: nullableResponseTime(),
    decision: z
      .string()
      .nullable()
      .openapi({ description: `Information requests: the decision, one of ${DECISIONS.join(', ')}.` }),
    decision_reason: z.string().openapi({ description: "The exemption's legal basis (partly or refused)." }),
    decided_at: nullableResponseTime(),
    extended_at: nullableResponseTime('The one extension (7 working days), or null.'),
    extend_reason: z.string(),
    answered_at: nullableResponseTime('The first decision or response.'),
    reason: z.string().nullable().openapi({ description: 'Objections: the Pasal 35 ground.' }),
    request_id: z.number().int().nullable().openapi({ description: 'Objections: the information request.' }),
    ...timestamps,
    responses: z.array(reportAnswerResponse),
  })
  .openapi('Report', { description: "Everything, with the citizen's name, phone and e-mail: staff only." })

/** What anyone with the ticket and its code, or anyone at all for a report made public, reads of it. */
export const publicReportResponse = z
  .object({
    ticket: z.string(),
    kind: z.enum(REPORT_KINDS),
    subject: z.string(),
    message: z.string(),
    status: z.enum(REPORT_STATUSES),
    created_at: responseTime(),
    due_at: nullableResponseTime(),
    decision: z
      .string()
      .nullable()
      .openapi({ description: `Null until decided, then one of ${DECISIONS.join(', ')}.` }),
    decision_reason: z.string(),
    extended_at: nullableResponseTime(),
    responses: z.array(z.object({ message: z.string(), created_at: responseTime() }).strict()),
  })
  .strict()
  .openapi('PublicReport', { description: 'Never a name, phone, e-mail or client address.' })

/** A report of the public list (`GET /api/public/reports`): the tracking answer without the decision's fields. */
export const publicListedReportResponse = publicReportResponse
  .omit({ decision: true, decision_reason: true, extended_at: true })
  .openapi('PublicListedReport', { description: 'Never a name, phone, e-mail or client address.' })

/** The answer of a filing: the ticket and, this once, the tracking code. */
export const filedReportResponse = z
  .object({
    ticket: z.string(),
    tracking_code: z.string().min(10).openapi({ description: 'The secret to track the report: shown this once.' }),
    kind: z.enum(REPORT_KINDS),
    status: z.literal('baru'),
    created_at: responseTime(),
    due_at: nullableResponseTime(),
  })
  .strict()
  .openapi('FiledReport')

/** The selects of the shapes above: the answers ordered oldest first. */
export const responsesSelect = {
  select: { id: true, message: true, user_name: true, created_at: true },
  orderBy: { id: 'asc' },
} as const

/** Everything, for staff. */
export const reportSelect = {
  id: true,
  ticket: true,
  kind: true,
  name: true,
  phone: true,
  email: true,
  subject: true,
  message: true,
  image: true,
  status: true,
  public: true,
  due_at: true,
  closed_at: true,
  contact_erased_at: true,
  decision: true,
  decision_reason: true,
  decided_at: true,
  extended_at: true,
  extend_reason: true,
  answered_at: true,
  reason: true,
  request_id: true,
  created_at: true,
  updated_at: true,
  responses: responsesSelect,
} as const

export type ReportRow = Prisma.ReportGetPayload<{ select: typeof reportSelect }>

/** What anyone may read of a report: never a name, phone, e-mail or photo. */
const publicHead = {
  ticket: true,
  kind: true,
  subject: true,
  message: true,
  status: true,
  created_at: true,
  due_at: true,
} as const

const publicSelect = {
  ...publicHead,
  decision: true,
  decision_reason: true,
  extended_at: true,
  responses: { select: { message: true, created_at: true }, orderBy: { id: 'asc' } },
} as const

// ---------------------------------------------------------------------------------------------------------------
// Filing (POST /api/public/reports, the form of /layanan)

const PHONE = /^\+?[\d\s-]+$/
const phoneDigits = (phone: string) => phone.replace(/\D/g, '').length

/** What a citizen sends. `Contact` names the phone and e-mail together: at least one, each valid. */
export const fileSchema = z.object({
  kind: requiredChoice('Kind', REPORT_KINDS),
  name: requiredText('Name', 100),
  phone: optionalText('Phone', 30),
  email: optionalText('Email', 255),
  subject: requiredText('Subject', 150),
  message: requiredText('Message', 5000),
  website: optionalText('Website', 255),
})

/** The contact rule (key `Contact`). */
export function contactError(phone: string, email: string): string | null {
  if (!phone && !email) return 'Give a phone number or an email address'
  if (phone && (!PHONE.test(phone) || phoneDigits(phone) < 8 || phoneDigits(phone) > 20))
    return 'Phone must be a phone number of 8 to 20 digits'
  if (email && !z.string().email().safeParse(email).success) return 'Email is not a valid email address'
  return null
}

/**
 * The `Contact` error of a filing (reports, objections, letter requests): a malformed phone or e-mail moves to
 * `Contact`; with both well-formed, the contact rule (when `check`), read from the input itself.
 */
export function foldContactErrors(errors: Record<string, string>, input: Record<string, unknown>, check = true) {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
  if (errors.Phone || errors.Email) {
    errors.Contact = errors.Phone ?? errors.Email
    delete errors.Phone
    delete errors.Email
  } else if (check) {
    const problem = contactError(text(input.phone), text(input.email))
    if (problem) errors.Contact = problem
  }
}

/** The sender's stored name and contact (an absent phone or e-mail is stored empty). */
export const contactColumns = (parsed: { name: string; phone?: string; email?: string }) => ({
  name: parsed.name,
  phone: parsed.phone ?? '',
  email: parsed.email ?? '',
})

/** The citizen in the activity log: never their name or address (decision 048). */
export const CITIZEN: Actor = { id: null, name: 'Warga', ip: null }

export type FiledReport = z.infer<typeof filedReportResponse>

/** An alphabet without look-alikes (0/O, 1/I/L): 31 symbols, so 12 of them hold 59 bits. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 12

export function newTrackingCode(): string {
  let code = ''
  while (code.length < CODE_LENGTH) {
    const byte = crypto.randomBytes(1)[0]
    // Rejection sampling: every symbol equally likely.
    if (byte < 248) code += CODE_ALPHABET[byte % CODE_ALPHABET.length]
  }
  return code
}

/** The code as it is kept: SHA-256 (a random 59-bit secret needs no slow hash). Spaces and case are forgiven. */
export const hashCode = (code: string) =>
  crypto.createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex')

/** The hash compared against when the ticket does not exist, so both answers take the same work. */
export const NO_SUCH_HASH = hashCode('no-such-ticket')

/** The tracking code's making and keeping, shared by letter requests (models/citizen-services/letter-request). */
export const trackingCodes = { newCode: newTrackingCode, hash: hashCode, noSuchHash: NO_SUCH_HASH }

/**
 * The 10th (`days`th: a letter type's `sla_days`) Monday-to-Friday day after `created`'s date in `zone`, at `created`'s time of day (docs/api.md; holidays
 * are not skipped).
 */
export const dueDateOf = (created: Date, zone = getEnv().TZ, days = 10): Date => addWorkingDays(created, days, zone)

/** The village's date of an instant, as a UTC midnight (for counting days). */
function dayOf(at: Date, zone: string): Date {
  const clock = wallClockOf(at.getTime(), zone)
  return new Date(Date.UTC(clock.year, clock.month - 1, clock.day))
}

/**
 * The working days (Monday to Friday in `zone`, holidays not skipped) from `from` to `to`: the working days after
 * `from`'s date up to and including `to`'s date (the same day is 0; filed on Friday, answered on Monday: 1).
 */
export function workingDaysBetween(from: Date, to: Date, zone = getEnv().TZ): number {
  const day = dayOf(from, zone)
  const last = dayOf(to, zone).getTime()
  let counted = 0
  while (day.getTime() < last) {
    day.setUTCDate(day.getUTCDate() + 1)
    const weekday = day.getUTCDay()
    if (weekday !== 0 && weekday !== 6) counted++
  }
  return counted
}

/**
 * The `days`-th Monday-to-Friday day after `created`'s date in `zone`, at `created`'s time of day (holidays are not
 * skipped): the due date of a request (10), of its extension (7 more) and of an objection (30).
 */
export function addWorkingDays(created: Date, days: number, zone = getEnv().TZ): Date {
  const clock = wallClockOf(created.getTime(), zone)
  const day = new Date(Date.UTC(clock.year, clock.month - 1, clock.day))
  for (let counted = 0; counted < days;) {
    day.setUTCDate(day.getUTCDate() + 1)
    const weekday = day.getUTCDay()
    if (weekday !== 0 && weekday !== 6) counted++
  }
  const pad = (n: number) => String(n).padStart(2, '0')
  const local =
    `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}` +
    `T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`
  const due = fromZonedTime(local, zone)
  return due
    ? new Date(due.getTime() + created.getUTCMilliseconds())
    : new Date(created.getTime() + Math.ceil((days * 7) / 5) * 24 * 3600 * 1000)
}

export const ticketOf = (kind: InboxKind, year: number, sequence: number) =>
  `${TICKET_PREFIXES[kind]}-${year}-${String(sequence).padStart(4, '0')}`

/** The next number among the kind's tickets of the year (writes are serialised: no other filing runs between). */
export async function nextSequence(kind: InboxKind, year: number): Promise<number> {
  const last = await prisma.report.findFirst({
    where: { kind, year },
    orderBy: { sequence: 'desc' },
    select: { sequence: true },
  })
  return (last?.sequence ?? 0) + 1
}

/**
 * How a filing is throttled (models/citizen-services/report-throttle.server.ts `countedFiling`, bound to the client): it runs the
 * filing's write inside the write lock, refusing it or counting it in that same step.
 */
export type CountedFiling = <T>(write: () => Promise<T>) => Promise<T>

/**
 * Files a report (both doors: the API's JSON or multipart body, the form of /layanan). Every field is checked, then
 * the spam guard, then the photo stored, then the row: a refusal stores nothing. A filled honeypot (`website`) gets
 * the same answer with nothing stored. Once every check has passed, the throttle decides and counts the filing in the
 * serialised step that writes it (`counted`), so parallel filings cannot all pass a count read before any is written.
 */
export async function fileReport(input: Record<string, unknown>, counted: CountedFiling): Promise<FiledReport> {
  const { data, errors } = checkInput(fileSchema, input)
  const parsed = data as z.infer<typeof fileSchema>
  foldContactErrors(errors, input)
  if (errors.Website) delete errors.Website
  if (Object.keys(errors).length) throw validationError(errors)
  const created = now()
  const year = wallClockOf(created.getTime(), getEnv().TZ).year
  const dueAt = parsed.kind === 'permohonan_informasi' ? dueDateOf(created) : null
  const code = newTrackingCode()
  if (parsed.website) {
    // The honeypot: a form filler. It is told what a citizen is told; nothing is stored, but the filing counts.
    const sequence = await serializeWrite(() => counted(() => nextSequence(parsed.kind, year)))
    return {
      ticket: ticketOf(parsed.kind, year, sequence),
      tracking_code: code,
      kind: parsed.kind,
      status: 'baru',
      created_at: created,
      due_at: dueAt,
    }
  }
  await refuseGamblingSpam(
    CITIZEN,
    { resource: 'reports' },
    {
      name: parsed.name,
      subject: parsed.subject,
      message: parsed.message,
    },
  )
  const report = await writeWithImage(REPORT_PHOTO_KIND, stagedImage(input), (image) =>
    counted(async () => {
      const sequence = await nextSequence(parsed.kind, year)
      const result = await prisma.report.create({
        data: {
          ticket: ticketOf(parsed.kind, year, sequence),
          kind: parsed.kind,
          year,
          sequence,
          code_hash: hashCode(code),
          ...contactColumns(parsed),
          subject: parsed.subject,
          message: parsed.message,
          image: image ?? null,
          due_at: dueAt,
          created_at: created,
        },
        select: { id: true, ticket: true, kind: true, created_at: true, due_at: true },
      })
      return { result }
    }),
  )
  await recordActivity({
    actor: CITIZEN,
    action: 'report_filed',
    resource: 'reports',
    resourceId: report.id,
    summary: report.ticket,
  })
  return {
    ticket: report.ticket,
    tracking_code: code,
    kind: report.kind as ReportKind,
    status: 'baru',
    created_at: report.created_at,
    due_at: report.due_at,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Tracking (GET /api/public/reports/{ticket}?code=, the form of /layanan/lacak)

/** The one answer to a wrong code, a missing code and an unknown ticket alike. */
export const reportNotFound = () => notFound('Report')

/**
 * The report of `ticket` when `code` is its tracking code, or the same 404 otherwise. Both paths read the row (by
 * its unique ticket) and compare two SHA-256 digests in constant time, so neither the status nor the time tells a
 * wrong code from an unknown ticket.
 */
export async function trackReport(ticket: string, code: string) {
  const row = await prisma.report.findUnique({
    // No ticket holds a NUL (and PostgreSQL's text cannot be asked for one): such a lookup finds nothing, as any other.
    where: { ticket: ticket.replaceAll('\0', '').trim().toUpperCase().slice(0, 40) },
    select: { ...publicSelect, code_hash: true },
  })
  // An objection is tracked at its own address (models/citizen-services/objection.server.ts).
  const expected = Buffer.from(row?.code_hash ?? NO_SUCH_HASH, 'hex')
  const given = Buffer.from(hashCode(code.slice(0, 100)), 'hex')
  const match = crypto.timingSafeEqual(expected, given)
  if (!row || !match || !code || row.kind === 'keberatan') throw reportNotFound()
  const { code_hash: _hash, ...report } = row
  return { ...report, kind: report.kind as ReportKind, decision: report.decision as Decision | null }
}

// ---------------------------------------------------------------------------------------------------------------
// What the public sees: the reports staff chose to show

/** The public list's select: the tracking answer's without the decision (docs/api.md "Citizen reports"). */
const listedSelect = {
  ...publicHead,
  responses: { select: { message: true, created_at: true }, orderBy: { id: 'asc' } },
} as const

type PublicReportRow = Prisma.ReportGetPayload<{ select: typeof listedSelect }>

/**
 * The reports staff made public, newest first: read by Prisma (each carries its answers, a relation the public tables
 * of app/public-reads do not read), kept in the read memo per page until the next write.
 */
export function listPublicReports(query: ListQuery, path = '/api/public/reports') {
  return cachedRead(JSON.stringify(['reports', path, query.page, query.limit, query.requestedLimit]), () =>
    listPage<PublicReportRow>(prisma.report, {
      table: 'reports',
      select: listedSelect,
      searchColumns: ['ticket', 'subject'],
      query: { ...query, search: '' },
      path,
      where: { public: true, kind: { in: [...REPORT_KINDS] } },
    }),
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Staff (the inbox and /api/admin/reports)

export type ReportFilters = { status?: string; kind?: string }

/** The inbox's filters of an address; a value that names nothing filters nothing. */
export function parseReportFilters(params: URLSearchParams | undefined): ReportFilters {
  return { ...choiceFilter(params, 'status', REPORT_STATUSES), ...choiceFilter(params, 'kind', INBOX_KINDS) }
}

/** One page of the inbox, newest first; `search` matches the ticket, the subject and the name. */
export function listReports(query: ListQuery, path: string, _status?: string | null, params?: URLSearchParams) {
  const filters = parseReportFilters(params)
  const keep = Object.entries(filters).map(([name, value]) => [name, String(value)] as [string, string])
  return listPage<ReportRow>(prisma.report, {
    table: 'reports',
    select: reportSelect,
    searchColumns: ['ticket', 'subject', 'name'],
    query: { ...query, keep },
    path,
    where: filters,
  })
}

export const getReport = (id: number) =>
  orNotFound(prisma.report.findUnique({ where: { id }, select: reportSelect }), 'Report')

export const updateSchema = z
  .object({
    status: z
      .enum(REPORT_STATUSES, {
        errorMap: () => ({ message: `Status must be one of ${REPORT_STATUSES.join(', ')}` }),
      })
      .optional(),
    public: z
      .preprocess(
        // The admin's form sends "1"/"0"; JSON clients a boolean.
        (value) => (value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : value),
        z.boolean({ invalid_type_error: 'Public must be true or false' }),
      )
      .optional(),
    decision: z
      .enum(DECISIONS, { errorMap: () => ({ message: `Decision must be one of ${DECISIONS.join(', ')}` }) })
      .optional(),
    decision_reason: optionalText('Decision_reason', 1000),
    extend_reason: z
      .string({ invalid_type_error: 'Extend_reason must be text' })
      .trim()
      .max(1000, 'Extend_reason may not be longer than 1000 characters')
      .optional(),
  })
  .passthrough()

/** Where a report goes when its status changes: closed (selesai, ditolak) keeps the time it closed. */
const closedAtFor = (status: string, existing: { status: string; closed_at: Date | null }) =>
  (OPEN_STATUSES as readonly string[]).includes(status)
    ? null
    : (OPEN_STATUSES as readonly string[]).includes(existing.status)
      ? now()
      : existing.closed_at

/** The status a decision leaves a request in, unless the same call names one: refused is `ditolak`, else `selesai`. */
const statusOfDecision = (decision: Decision) => (decision === 'ditolak' ? 'ditolak' : 'selesai')

/**
 * PUT /api/admin/reports/{id} `{status?, public?, decision?, decision_reason?, extend_reason?}`; a status change is
 * mailed to the citizen (decision 048). A decision and the extension are for information requests only (decision
 * 077): partly or refused needs its legal basis (`Decision_reason`); the one extension moves `due_at` 7 working days
 * later, a second one is a 409. Everything is judged before anything is written.
 */
export async function updateReport(id: number, input: Record<string, unknown>) {
  const { data, errors } = checkInput(updateSchema, input)
  if (Object.keys(errors).length) throw validationError(errors)
  const parsed = data as z.infer<typeof updateSchema>
  const { public: shown, decision } = parsed
  const decisionReason = parsed.decision_reason ?? ''
  const extendReason = parsed.extend_reason
  const { result, changed } = await serializeWrite(async () => {
    const existing = await prisma.report.findUnique({
      where: { id },
      select: {
        kind: true,
        status: true,
        closed_at: true,
        due_at: true,
        created_at: true,
        extended_at: true,
        answered_at: true,
      },
    })
    if (!existing) throw notFound('Report')
    const request = existing.kind === 'permohonan_informasi'
    const refused: Record<string, string> = {}
    if (decision !== undefined && !request) refused.Decision = 'Only an information request takes a decision'
    if (decision && (DECISIONS_WITH_REASON as readonly string[]).includes(decision) && !decisionReason)
      refused.Decision_reason = 'Decision_reason is required: the legal basis of the exemption'
    if (extendReason !== undefined && !request) refused.Extend_reason = 'Only an information request may be extended'
    else if (extendReason !== undefined && !extendReason) refused.Extend_reason = 'Extend_reason is required'
    if (Object.keys(refused).length) throw validationError(refused)
    if (extendReason && existing.extended_at)
      throw new HttpError(409, 'This information request has already been extended once')
    const at = now()
    const status = parsed.status ?? (decision ? statusOfDecision(decision) : undefined)
    const result = await prisma.report.update({
      where: { id },
      data: {
        ...(status !== undefined ? { status, closed_at: closedAtFor(status, existing) } : {}),
        ...(shown !== undefined ? { public: shown } : {}),
        ...(decision
          ? {
              decision,
              decision_reason: decisionReason,
              decided_at: at,
              answered_at: existing.answered_at ?? at,
            }
          : {}),
        ...(extendReason
          ? {
              extended_at: at,
              extend_reason: extendReason,
              due_at: addWorkingDays(existing.due_at ?? dueDateOf(existing.created_at), 7),
            }
          : {}),
      },
      select: reportSelect,
    })
    return { result, changed: status !== undefined && status !== existing.status }
  })
  if (changed) mailCitizen(result, `Status laporan Anda kini: ${reportStatusLabel(result.status)}.`)
  return result
}

export const responseSchema = z.object({ message: requiredText('Message', 5000) })

/**
 * POST /api/admin/reports/{id}/responses `{message}` (reports-update): staff's answer, plain text, judged by the spam
 * guard as public text (a public report shows it), logged as `report_response` and mailed to the citizen.
 */
export async function respondToReport(id: number, input: Record<string, unknown>, user: SessionUser, actor: Actor) {
  const { data, errors } = checkInput(responseSchema, input)
  if (Object.keys(errors).length) throw validationError(errors)
  const { message } = data as z.infer<typeof responseSchema>
  if (!(await prisma.report.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Report')
  await refuseGamblingSpam(actor, { resource: 'reports', id }, { message })
  const report = await serializeWrite(async () => {
    if (!(await prisma.report.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Report')
    await prisma.reportResponse.create({ data: { report_id: id, message, user_id: user.id, user_name: user.name } })
    // The first answer of any kind: the annual report counts the working days up to it.
    await prisma.report.updateMany({ where: { id, answered_at: null }, data: { answered_at: now() } })
    return prisma.report.findUniqueOrThrow({ where: { id }, select: reportSelect })
  })
  await recordActivity({
    actor,
    action: 'report_response',
    resource: 'reports',
    resourceId: id,
    summary: report.ticket,
    changes: ['responses'],
  })
  mailCitizen(report, `Tanggapan dari pemerintah desa:\n\n${message}`)
  return report
}

export async function deleteReport(id: number) {
  const image = await serializeWrite(async () => {
    const existing = await prisma.report.findUnique({ where: { id }, select: { image: true } })
    if (!existing) throw notFound('Report')
    await prisma.report.delete({ where: { id } })
    return existing.image
  })
  await scrubErased(['reports'])
  await removeImage(REPORT_PHOTO_KIND, image).catch(() => undefined)
}

/** The photo of a report, for staff: its stored name, or null. */
export async function reportPhoto(id: number): Promise<string | null> {
  const row = await prisma.report.findUnique({ where: { id }, select: { image: true } })
  return row?.image ?? null
}

/** The dashboard's `open_reports`: reports that are `baru` or `diproses`. */
export const countOpenReports = () => prisma.report.count({ where: { status: { in: [...OPEN_STATUSES] } } })

// ---------------------------------------------------------------------------------------------------------------
// Mail and retention

/**
 * Tells the citizen, when SMTP_URL is set and they gave an e-mail, that their report moved on. The answer never
 * waits for the mail; a failure is logged without the address.
 */
function mailCitizen(report: Pick<ReportRow, 'email' | 'ticket' | 'kind' | 'subject'>, news: string) {
  if (!mailConfigured() || !report.email) return
  const origin = getEnv().SITE_URL.replace(/\/+$/, '')
  const text = [
    'Yth. Bapak/Ibu,',
    '',
    `${reportKindLabel(report.kind)} Anda dengan nomor tiket ${report.ticket} ("${report.subject}") ` +
      `mendapat kabar baru.`,
    '',
    news,
    '',
    `Lacak laporan Anda di ${origin}/layanan/lacak dengan nomor tiket dan kode pelacakan Anda.`,
  ].join('\n')
  sendMail({ to: report.email, subject: `Kabar laporan ${report.ticket}`, text }).catch((error) =>
    log.warn({ event: 'report-mail', ticket: report.ticket, err: error }, 'could not e-mail the citizen of a report'),
  )
}

/**
 * The daily clean-up: the name, phone, e-mail and photo of every report closed longer than
 * REPORT_CONTACT_RETENTION_DAYS are erased; the report, its text and its answers stay. Returns how many.
 */
export async function eraseOldContacts(at = nowMs()): Promise<number> {
  const cutoff = new Date(at - getEnv().REPORT_CONTACT_RETENTION_DAYS * 24 * 3600 * 1000)
  const due = await prisma.report.findMany({
    where: { closed_at: { lt: cutoff }, contact_erased_at: null, status: { notIn: [...OPEN_STATUSES] } },
    select: { id: true, ticket: true, image: true },
  })
  for (const report of due) {
    await serializeWrite(() =>
      prisma.report.update({
        where: { id: report.id },
        data: { name: '', phone: '', email: '', image: null, contact_erased_at: new Date(at) },
      }),
    )
    await removeImage(REPORT_PHOTO_KIND, report.image).catch(() => undefined)
    await recordActivity({
      actor: { id: null, name: 'Sistem', ip: null },
      action: 'report_contact_erased',
      resource: 'reports',
      resourceId: report.id,
      summary: report.ticket,
      changes: ['name', 'phone', 'email', 'image'],
    })
  }
  // The blanked values gone from the database's file (and so from the next backup), not only from the row.
  if (due.length) await scrubErased(['reports'])
  return due.length
}
