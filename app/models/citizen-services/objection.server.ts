import crypto from 'node:crypto'
import { nullableResponseTime, responseId, responseTime, timestamps, z } from '~/utils/response-shape.server'
import { prisma, serializeWrite } from '~/utils/db.server'
import { getEnv } from '~/utils/config.server'
import { notFound, validationError } from '~/utils/http.server'
import { now } from '~/utils/clock.server'
import { checkInput, optionalText, requiredText, requiredChoice } from '~/utils/validation.server'
import { wallClockOf } from '~/lib/zoned-time'
import { choiceFilter, type ListQuery } from '~/lib/paging'
import { OBJECTION_REASONS, REPORT_STATUSES, objectionReasonLabel, type ObjectionReason } from '~/lib/reports'
import type { SessionUser } from '~/models/accounts/user.server'
import { recordActivity, type Actor } from '~/models/accounts/activity.server'
import { listPage, orNotFound } from '~/models/site/crud.server'
import { refuseGamblingSpam } from '~/models/citizen-services/spam.server'
import {
  CITIZEN,
  contactColumns,
  NO_SUCH_HASH,
  addWorkingDays,
  foldContactErrors,
  hashCode,
  newTrackingCode,
  nextSequence,
  reportNotFound,
  respondToReport,
  responsesSelect,
  ticketOf,
  updateReport,
  type CountedFiling,
} from '~/models/citizen-services/report.server'

/**
 * Objections (keberatan, UU 14/2008 Pasal 35; docs/api.md "Public information, the whole cycle"; decision 077): a
 * citizen objects to how an information request went, or to information the village did not publish. An objection
 * is a report of kind `keberatan` (ticket `KBR-`), so it shares the reports' tracking code, throttle, honeypot,
 * spam guard, privacy and contact retention, and staff answer it in the reports' inbox; the calls of this module
 * give it the contract's own shape.
 */

/** What anyone with the ticket and its code reads of an objection. */
export const publicObjectionResponse = z
  .object({
    ticket: z.string().openapi({ example: 'KBR-2026-0001' }),
    reason: z.enum(OBJECTION_REASONS),
    message: z.string(),
    status: z.enum(REPORT_STATUSES),
    due_at: responseTime(),
    created_at: responseTime(),
    request_ticket: z.string().nullable(),
    responses: z.array(z.object({ message: z.string(), created_at: responseTime() }).strict()),
  })
  .strict()
  .openapi('PublicObjection', { description: 'Never a name, phone, e-mail or client address.' })

export const filedObjectionResponse = z
  .object({
    ticket: z.string(),
    tracking_code: z.string().min(10),
    status: z.literal('baru'),
    due_at: responseTime(),
  })
  .strict()
  .openapi('FiledObjection')

/** Everything of an objection, for staff. */
export const objectionResponse = z
  .object({
    id: responseId(),
    ticket: z.string(),
    reason: z.enum(OBJECTION_REASONS),
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    message: z.string(),
    status: z.enum(REPORT_STATUSES),
    due_at: responseTime(),
    answered_at: nullableResponseTime(),
    closed_at: nullableResponseTime(),
    request_id: z.number().int().nullable(),
    request_ticket: z.string().nullable(),
    ...timestamps,
    responses: z.array(
      z.object({ id: responseId(), message: z.string(), user_name: z.string(), created_at: responseTime() }),
    ),
  })
  .openapi('Objection')

export const fileObjectionSchema = z.object({
  request_ticket: optionalText('Request_ticket', 40),
  name: requiredText('Name', 100),
  phone: optionalText('Phone', 30),
  email: optionalText('Email', 255),
  reason: requiredChoice('Reason', OBJECTION_REASONS),
  message: requiredText('Message', 5000),
  website: optionalText('Website', 255),
})

/** An objection's due date: 30 working days after its filing (Pasal 36). */
export const OBJECTION_DUE_DAYS = 30

export type FiledObjection = z.infer<typeof filedObjectionResponse>

/**
 * POST /api/public/objections (and the form of /ppid/keberatan). Every field is judged first (`request_ticket`, when
 * given, must be an information request of this village: key `Request_ticket`), then the spam guard; the throttle
 * counts it with the reports in the step that writes it; a filled honeypot gets the same answer, nothing stored.
 */
export async function fileObjection(input: Record<string, unknown>, counted: CountedFiling): Promise<FiledObjection> {
  const { data, errors } = checkInput(fileObjectionSchema, input)
  const parsed = data as z.infer<typeof fileObjectionSchema>
  foldContactErrors(errors, input)
  if (errors.Website) delete errors.Website
  const requestTicket =
    typeof input.request_ticket === 'string' ? input.request_ticket.replaceAll('\0', '').trim().toUpperCase() : ''
  let requestId: number | null = null
  if (!errors.Request_ticket && requestTicket) {
    const request = await prisma.report.findUnique({
      where: { ticket: requestTicket.slice(0, 40) },
      select: { id: true, kind: true },
    })
    if (!request) errors.Request_ticket = 'Request_ticket is not an information request of this village'
    else if (request.kind !== 'permohonan_informasi')
      errors.Request_ticket = 'Request_ticket must be the ticket of an information request (PPID-)'
    else requestId = request.id
  }
  if (Object.keys(errors).length) throw validationError(errors)
  const created = now()
  const year = wallClockOf(created.getTime(), getEnv().TZ).year
  const dueAt = addWorkingDays(created, OBJECTION_DUE_DAYS)
  const code = newTrackingCode()
  if (parsed.website) {
    const sequence = await serializeWrite(() => counted(() => nextSequence('keberatan', year)))
    return { ticket: ticketOf('keberatan', year, sequence), tracking_code: code, status: 'baru', due_at: dueAt }
  }
  await refuseGamblingSpam(CITIZEN, { resource: 'reports' }, { name: parsed.name, message: parsed.message })
  const objection = await serializeWrite(() =>
    counted(async () => {
      const sequence = await nextSequence('keberatan', year)
      const ticket = ticketOf('keberatan', year, sequence)
      return prisma.report.create({
        data: {
          ticket,
          kind: 'keberatan',
          year,
          sequence,
          code_hash: hashCode(code),
          ...contactColumns(parsed),
          subject: `Keberatan: ${objectionReasonLabel(parsed.reason)}${requestTicket ? ` (${requestTicket})` : ''}`,
          message: parsed.message,
          reason: parsed.reason,
          request_id: requestId,
          due_at: dueAt,
          created_at: created,
        },
        select: { id: true, ticket: true },
      })
    }),
  )
  await recordActivity({
    actor: CITIZEN,
    action: 'report_filed',
    resource: 'reports',
    resourceId: objection.id,
    summary: objection.ticket,
  })
  return { ticket: objection.ticket, tracking_code: code, status: 'baru', due_at: dueAt }
}

const publicSelect = {
  ticket: true,
  kind: true,
  reason: true,
  message: true,
  status: true,
  due_at: true,
  created_at: true,
  request: { select: { ticket: true } },
  responses: { select: { message: true, created_at: true }, orderBy: { id: 'asc' } },
  code_hash: true,
} as const

/** GET /api/public/objections/{ticket}?code=: as a report's tracking, the same 404 for every miss. */
export async function trackObjection(ticket: string, code: string) {
  const row = await prisma.report.findUnique({
    where: { ticket: ticket.replaceAll('\0', '').trim().toUpperCase().slice(0, 40) },
    select: publicSelect,
  })
  const expected = Buffer.from(row?.code_hash ?? NO_SUCH_HASH, 'hex')
  const match = crypto.timingSafeEqual(expected, Buffer.from(hashCode(code.slice(0, 100)), 'hex'))
  if (!row || !match || !code || row.kind !== 'keberatan') throw reportNotFound()
  return {
    ticket: row.ticket,
    reason: row.reason as ObjectionReason,
    message: row.message,
    status: row.status as (typeof REPORT_STATUSES)[number],
    due_at: row.due_at ?? row.created_at,
    created_at: row.created_at,
    request_ticket: row.request?.ticket ?? null,
    responses: row.responses,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Staff: /api/admin/objections (the reports-* permissions)

const staffSelect = {
  id: true,
  ticket: true,
  reason: true,
  name: true,
  phone: true,
  email: true,
  message: true,
  status: true,
  due_at: true,
  answered_at: true,
  closed_at: true,
  request_id: true,
  request: { select: { ticket: true } },
  created_at: true,
  updated_at: true,
  responses: responsesSelect,
} as const

type StaffRow = {
  request: { ticket: string } | null
  due_at: Date | null
  created_at: Date
  [key: string]: unknown
}
const staffShape = ({ request, ...row }: StaffRow) => ({
  ...row,
  due_at: row.due_at ?? row.created_at,
  request_ticket: request?.ticket ?? null,
})

export async function listObjections(query: ListQuery, path: string, params?: URLSearchParams) {
  const filter = choiceFilter(params, 'status', REPORT_STATUSES)
  const page = await listPage<StaffRow>(prisma.report, {
    table: 'reports',
    select: staffSelect,
    searchColumns: ['ticket', 'subject', 'name'],
    query: { ...query, keep: Object.entries(filter) },
    path,
    where: { kind: 'keberatan', ...filter },
  })
  return { ...page, data: page.data.map(staffShape) }
}

/** One objection, or the 404 of an unknown id or of a report that is not an objection. */
export async function getObjection(id: number) {
  const row = await orNotFound(
    prisma.report.findFirst({ where: { id, kind: 'keberatan' }, select: staffSelect }),
    'Objection',
  )
  return staffShape(row)
}

async function mustBeObjection(id: number) {
  const row = await prisma.report.findUnique({ where: { id }, select: { kind: true } })
  if (!row || row.kind !== 'keberatan') throw notFound('Objection')
}

/** PUT /api/admin/objections/{id} `{status}`: the report's update, on an objection only. */
export async function updateObjection(id: number, input: Record<string, unknown>, actor: Actor) {
  await mustBeObjection(id)
  const status = input.status
  if (status === undefined || status === null || status === '') throw validationError({ Status: 'Status is required' })
  const updated = await updateReport(id, { status })
  await recordActivity({
    actor,
    action: 'update',
    resource: 'reports',
    resourceId: id,
    summary: updated.ticket,
    changes: ['status'],
  })
  return getObjection(id)
}

/** POST /api/admin/objections/{id}/responses `{message}`. */
export async function respondToObjection(id: number, input: Record<string, unknown>, user: SessionUser, actor: Actor) {
  await mustBeObjection(id)
  await respondToReport(id, input, user, actor)
  return getObjection(id)
}
