import crypto from 'node:crypto'
import path from 'node:path'
import { nullableResponseTime, responseId, responseTime, timestamps, z } from '~/utils/response-shape.server'
import { prisma, serializeWrite } from '~/utils/db.server'
import { getEnv } from '~/utils/config.server'
import { conflict, HttpError, notFound, validationError, type FieldErrors } from '~/utils/http.server'
import { scrubErased } from '~/utils/erased-bytes.server'
import { now, nowMs } from '~/utils/clock.server'
import {
  randomFileName,
  readHead,
  removeImage,
  removeStoredFile,
  sniffImage,
  storage,
  storeFile,
  storeImage,
  unmarkPending,
  type StagedFile,
} from '~/utils/upload-pipeline.server'
import { checkInput, optionalText, requiredText } from '~/utils/validation.server'
import { wallClockOf } from '~/lib/zoned-time'
import { choiceFilter, type ListQuery } from '~/lib/paging'
import {
  ENDED_LETTER_STATUSES,
  LETTER_REQUEST_STATUSES,
  maskNik,
  nikError,
  PENDING_LETTER_STATUSES,
  type LetterField,
} from '~/lib/letters'
import { IMAGE_MAX_MB } from '~/lib/upload-limits'
import { recordActivity, type Actor } from '~/models/accounts/activity.server'
import { listPage } from '~/models/site/crud.server'
import { refuseGamblingSpam } from '~/models/citizen-services/spam.server'
import {
  CITIZEN,
  dueDateOf,
  foldContactErrors,
  trackingCodes,
  type CountedFiling,
} from '~/models/citizen-services/report.server'
import { activeLetterType, fieldsOf } from './letter-type.server'
import { openNik, sealNik } from './letter-data-key.server'

/**
 * Letter requests (docs/api.md "Letters"): a villager asks for a letter of an active type, with their NIK (sealed at
 * rest: letter-data-key.server.ts), contact, the type's fields and up to 5 attachments in the private storage; they
 * track and correct it with a ticket and a secret code; staff read everything, ask for a correction, refuse or issue
 * (letter.server.ts). The NIK in full is in the staff detail (and the PDF) only; every other read masks it.
 */

/** The attachments and the issued letters' PDFs live in the private area: only staff and the code's holder get them. */
export const LETTER_FILES_KIND = 'private/letters' as const
export const MAX_ATTACHMENTS = 5
export const ATTACHMENT_MAX_MB = IMAGE_MAX_MB

// ---------------------------------------------------------------------------------------------------------------
// Shapes

const dataShape = z.record(z.string()).openapi({ description: "The type's fields' values, by key" })

export const letterAttachmentResponse = z
  .object({ id: responseId(), name: z.string(), type: z.string(), size: z.number().int() })
  .openapi('LetterAttachment')

/** Everything of a request, for staff (the full NIK: `letters-show` only). */
export const letterRequestResponse = z
  .object({
    id: responseId(),
    ticket: z.string().openapi({ example: 'SRT-2026-0012' }),
    letter_type: z.object({ id: responseId(), name: z.string(), slug: z.string() }),
    name: z.string(),
    nik: z.string().openapi({ description: 'In full: this answer only (and the PDF)' }),
    nik_masked: z.string(),
    phone: z.string(),
    email: z.string(),
    data: dataShape,
    status: z.enum(LETTER_REQUEST_STATUSES),
    note: z.string(),
    due_at: responseTime(),
    closed_at: nullableResponseTime(),
    data_erased_at: nullableResponseTime(),
    attachments: z.array(letterAttachmentResponse),
    letter_id: z.number().int().nullable(),
    ...timestamps,
  })
  .openapi('LetterRequest')

/** A request in the staff's list: masked, without contact or data. */
export const letterRequestListItem = letterRequestResponse
  .pick({ id: true, ticket: true, letter_type: true, name: true, nik_masked: true, status: true, due_at: true })
  .extend({ created_at: responseTime(), updated_at: responseTime() })
  .openapi('LetterRequestListItem')

export const trackedLetterResponse = z
  .object({
    number: z.string(),
    issued_at: responseTime(),
    verify_url: z.string(),
    revoked_at: nullableResponseTime(),
  })
  .openapi('TrackedLetter')

/** What the code's holder reads (docs/api.md "Tracking"). */
export const trackedLetterRequestResponse = z
  .object({
    ticket: z.string(),
    letter_type: z.object({ name: z.string(), slug: z.string() }),
    status: z.enum(LETTER_REQUEST_STATUSES),
    note: z.string(),
    due_at: responseTime(),
    created_at: responseTime(),
    data: dataShape,
    nik_masked: z.string(),
    letter: trackedLetterResponse.nullable(),
  })
  .strict()
  .openapi('TrackedLetterRequest')

export const filedLetterRequestResponse = z
  .object({
    ticket: z.string(),
    tracking_code: z.string().min(10).openapi({ description: 'The secret to track the request: shown this once.' }),
    status: z.literal('diajukan'),
    due_at: responseTime(),
  })
  .strict()
  .openapi('FiledLetterRequest')

export type FiledLetterRequest = z.infer<typeof filedLetterRequestResponse>

/** What every staff read of a request starts with. */
const requestHead = {
  id: true,
  ticket: true,
  letter_type: { select: { id: true, name: true, slug: true } },
  name: true,
} as const

const staffSelect = {
  ...requestHead,
  nik_sealed: true,
  nik_last4: true,
  phone: true,
  email: true,
  data: true,
  status: true,
  note: true,
  due_at: true,
  closed_at: true,
  data_erased_at: true,
  created_at: true,
  updated_at: true,
  attachments: { select: { id: true, name: true, type: true, size: true }, orderBy: { id: 'asc' } },
  letter: { select: { id: true } },
} as const

const listSelect = {
  ...requestHead,
  nik_last4: true,
  status: true,
  due_at: true,
  created_at: true,
  updated_at: true,
} as const

/** A stored `data` (a damaged value reads as none). */
export function dataOf(text: string): Record<string, string> {
  try {
    const value = JSON.parse(text) as unknown
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {}
  } catch {
    return {}
  }
}

type StaffRow = {
  nik_sealed: string
  nik_last4: string
  data: string
  letter: { id: number } | null
} & Record<string, unknown>

const forStaff = <R extends StaffRow>({ nik_sealed, nik_last4, data, letter, ...row }: R) => ({
  ...row,
  nik: openNik(nik_sealed) ?? maskNik(nik_last4),
  nik_masked: maskNik(nik_last4),
  data: dataOf(data),
  letter_id: letter?.id ?? null,
})

const listed = <R extends { nik_last4: string }>({ nik_last4, ...row }: R) => ({
  ...row,
  nik_masked: maskNik(nik_last4),
})

// ---------------------------------------------------------------------------------------------------------------
// The input: a villager's fields, the type's data, the attachments

const personSchema = z.object({
  name: requiredText('Name', 100),
  nik: z.preprocess((value) => (typeof value === 'string' ? value.replace(/\s/g, '') : (value ?? '')), z.string()),
  phone: optionalText('Phone', 30),
  email: optionalText('Email', 255),
  website: optionalText('Website', 255),
})

const DATE = /^(\d{4})-(\d\d)-(\d\d)$/
const NUMBER = /^-?\d{1,15}([.,]\d{1,6})?$/

/** The type's data of an input (`data`: a JSON object, or its text), each field checked on `Data_<key>`. */
export function checkLetterData(fields: LetterField[], raw: unknown, errors: FieldErrors): Record<string, string> {
  let value = raw ?? {}
  if (typeof value === 'string') {
    try {
      value = value.trim() ? JSON.parse(value) : {}
    } catch {
      errors.Data = 'Data must be a JSON object'
      return {}
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    errors.Data = 'Data must be a JSON object'
    return {}
  }
  const given = value as Record<string, unknown>
  const data: Record<string, string> = {}
  for (const field of fields) {
    const key = `Data_${field.key}`
    const item = Object.hasOwn(given, field.key) ? given[field.key] : undefined
    if (item !== undefined && item !== null && typeof item !== 'string' && typeof item !== 'number') {
      errors[key] = `${field.label} must be text`
      continue
    }
    const text = item === undefined || item === null ? '' : String(item).trim()
    if (!text) {
      if (field.required) errors[key] = `${field.label} is required`
      continue
    }
    const max = field.kind === 'textarea' ? 5000 : 500
    if (text.length > max) errors[key] = `${field.label} may not be longer than ${max} characters`
    else if (field.kind === 'number' && !NUMBER.test(text)) errors[key] = `${field.label} must be a number`
    else if (field.kind === 'date' && !validDate(text)) errors[key] = `${field.label} must be a date (YYYY-MM-DD)`
    else if (field.kind === 'select' && !(field.options ?? []).includes(text))
      errors[key] = `${field.label} must be one of ${(field.options ?? []).join(', ')}`
    else data[field.key] = text
  }
  return data
}

function validDate(text: string): boolean {
  const match = DATE.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return year >= 1850 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** The stored columns of a requester and their answers: the NIK sealed, its last four digits apart. */
const personColumns = (
  person: { name: string; nik: string; phone: string; email: string },
  data: Record<string, string>,
) => ({
  name: person.name,
  nik_sealed: sealNik(person.nik),
  nik_last4: nikLast4(person.nik),
  phone: person.phone,
  email: person.email,
  data: JSON.stringify(data),
})

/** The person's fields of an input, every problem on its key (`Name`, `Nik`, `Contact`); errors gathered in `errors`. */
export function checkPerson(input: Record<string, unknown>, errors: FieldErrors, contact = true) {
  const { data, errors: found } = checkInput(personSchema, input)
  Object.assign(errors, found)
  delete errors.Website
  foldContactErrors(errors, input, contact)
  const nik = typeof input.nik === 'string' || typeof input.nik === 'number' ? String(input.nik).replace(/\s/g, '') : ''
  if (!nik) errors.Nik = 'Nik is required'
  else {
    const problem = nikError(nik)
    if (problem) errors.Nik = problem
  }
  const parsed = data as z.infer<typeof personSchema> | undefined
  return {
    name: parsed?.name ?? '',
    nik,
    phone: parsed?.phone ?? '',
    email: parsed?.email ?? '',
    website: typeof input.website === 'string' ? input.website.trim() : '',
  }
}

/** The files of an input's `attachments` (the multipart reader's list; a JSON client sends none). */
function stagedAttachments(input: Record<string, unknown>): StagedFile[] {
  const value = input.attachments
  const list = Array.isArray(value) ? value : value ? [value] : []
  return list.filter(
    (item): item is StagedFile =>
      !!item && typeof item === 'object' && typeof (item as StagedFile).tempPath === 'string',
  )
}

type StoredAttachment = { file: string; name: string; type: string; size: number }

/** The villager's file name, kept as plain text: no path, no control characters, at most 200 characters. */
const cleanName = (name: string) =>
  [...path.basename(name.replaceAll('\\', '/'))]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200) || 'lampiran'

/**
 * Judges each file by its content (a picture is re-encoded without its metadata as every upload is; a PDF must start
 * as one) and stores it in the private area, marked pending until its record is committed. Anything else is a 422 on
 * `Attachments`, and what was stored of the others is removed: nothing is kept half.
 */
async function storeAttachments(files: StagedFile[]): Promise<StoredAttachment[]> {
  const stored: StoredAttachment[] = []
  try {
    for (const file of files) {
      const head = await readHead(file)
      const original = cleanName(file.originalName)
      if (head.subarray(0, 5).toString('latin1') === '%PDF-') {
        const name = randomFileName('pdf')
        await storeFile(LETTER_FILES_KIND, name, file.tempPath)
        stored.push({ file: name, name: original, type: 'application/pdf', size: file.size })
      } else if (sniffImage(head)) {
        let name: string
        try {
          name = await storeImage(file, LETTER_FILES_KIND)
        } catch (error) {
          if (error instanceof HttpError && error.status === 422)
            throw validationError({ Attachments: `${original}: ${error.errors?.Image ?? 'not a valid picture'}` })
          throw error
        }
        const info = await storage().info(LETTER_FILES_KIND, name)
        stored.push({ file: name, name: original, type: info?.type ?? 'image/jpeg', size: info?.size ?? file.size })
      } else throw validationError({ Attachments: `${original}: each attachment must be a picture or a PDF` })
    }
    return stored
  } catch (error) {
    await dropAttachments(stored.map((item) => item.file))
    throw error
  }
}

async function dropAttachments(names: string[]) {
  for (const name of names) {
    await removeImage(LETTER_FILES_KIND, name).catch(() => undefined)
    await removeStoredFile(LETTER_FILES_KIND, name).catch(() => undefined)
  }
  if (names.length) await unmarkPending(names).catch(() => undefined)
}

// ---------------------------------------------------------------------------------------------------------------
// Filing (POST /api/public/letter-requests, the form of /layanan/surat/{slug})

const ticketOf = (year: number, sequence: number) => `SRT-${year}-${String(sequence).padStart(4, '0')}`

async function nextTicket(year: number): Promise<{ sequence: number; ticket: string }> {
  const last = await prisma.letterRequest.findFirst({
    where: { year },
    orderBy: { sequence: 'desc' },
    select: { sequence: true },
  })
  const sequence = (last?.sequence ?? 0) + 1
  return { sequence, ticket: ticketOf(year, sequence) }
}

/** The spam guard's fields of a request: `Name` and each `Data_<key>` (docs/api.md). */
const spamFields = (name: string, data: Record<string, string>) => ({
  name,
  ...Object.fromEntries(Object.entries(data).map(([key, value]) => [`data_${key}`, value])),
})

/** The NIK masked for the activity log and the server's log: never more than its last four digits. */
export const nikLast4 = (nik: string) => nik.slice(-4)

/**
 * Files a request (both doors). Every field is checked (each problem on its key), then the spam guard, then the
 * attachments stored, then the row written in the serialised step where the throttle decides and counts it: a
 * refusal stores nothing. A filled honeypot (`website`) gets the same answer with nothing stored (it counts).
 */
export async function fileLetterRequest(
  input: Record<string, unknown>,
  counted: CountedFiling,
): Promise<FiledLetterRequest> {
  const errors: FieldErrors = {}
  const slug = typeof input.letter_type === 'string' ? input.letter_type.trim() : ''
  const type = slug ? await activeLetterType(slug) : null
  if (!type) errors.Letter_type = slug ? 'Letter type must be an active letter type' : 'Letter type is required'
  const person = checkPerson(input, errors)
  const data = type ? checkLetterData(type.fields, input.data, errors) : {}
  const files = stagedAttachments(input)
  if (files.length > MAX_ATTACHMENTS) errors.Attachments = `At most ${MAX_ATTACHMENTS} attachments may be sent`
  if (Object.keys(errors).length || !type) throw validationError(errors)
  const created = now()
  const year = wallClockOf(created.getTime(), getEnv().TZ).year
  const dueAt = dueDateOf(created, getEnv().TZ, type.sla_days)
  const code = trackingCodes.newCode()
  if (person.website) {
    const { ticket } = await serializeWrite(() => counted(() => nextTicket(year)))
    return { ticket, tracking_code: code, status: 'diajukan', due_at: dueAt }
  }
  await refuseGamblingSpam(CITIZEN, { resource: 'letters' }, spamFields(person.name, data))
  const attachments = await storeAttachments(files)
  let filed: { id: number; ticket: string }
  try {
    filed = await serializeWrite(() =>
      counted(async () => {
        const { sequence, ticket } = await nextTicket(year)
        return prisma.letterRequest.create({
          data: {
            ticket,
            year,
            sequence,
            code_hash: trackingCodes.hash(code),
            letter_type_id: type.id,
            ...personColumns(person, data),
            due_at: dueAt,
            created_at: created,
            attachments: { create: attachments },
          },
          select: { id: true, ticket: true },
        })
      }),
    )
  } catch (error) {
    await dropAttachments(attachments.map((item) => item.file))
    throw error
  }
  if (attachments.length) await unmarkPending(attachments.map((item) => item.file))
  await recordActivity({
    actor: CITIZEN,
    action: 'letter_requested',
    resource: 'letters',
    resourceId: filed.id,
    summary: `${filed.ticket} (${type.name})`,
  })
  return { ticket: filed.ticket, tracking_code: code, status: 'diajukan', due_at: dueAt }
}

// ---------------------------------------------------------------------------------------------------------------
// Tracking and correcting (the code's holder)

/** The one answer to a wrong code, a missing code and an unknown ticket alike. */
export const letterRequestNotFound = () => notFound('Letter request')

const normalTicket = (ticket: string) => ticket.replaceAll('\0', '').trim().toUpperCase().slice(0, 40)

/**
 * The request of `ticket` when `code` is its tracking code, or the same 404 otherwise: both paths read the row and
 * compare two digests in constant time (as for reports).
 */
async function requestByCode(ticket: string, code: string) {
  const row = await prisma.letterRequest.findUnique({
    where: { ticket: normalTicket(ticket) },
    select: {
      id: true,
      ticket: true,
      code_hash: true,
      status: true,
      note: true,
      due_at: true,
      created_at: true,
      data: true,
      nik_last4: true,
      letter_type_id: true,
      letter_type: { select: { name: true, slug: true, fields: true } },
      letter: { select: { number: true, issued_at: true, verify_code: true, revoked_at: true, pdf_file: true } },
    },
  })
  const expected = Buffer.from(row?.code_hash ?? trackingCodes.noSuchHash, 'hex')
  const given = Buffer.from(trackingCodes.hash(code.slice(0, 100)), 'hex')
  const match = crypto.timingSafeEqual(expected, given)
  if (!row || !match || !code) throw letterRequestNotFound()
  return row
}

export const verifyUrlOf = (origin: string, verifyCode: string) =>
  `${origin.replace(/\/+$/, '')}/verifikasi/${verifyCode}`

const tracked = (row: Awaited<ReturnType<typeof requestByCode>>, origin: string) => ({
  ticket: row.ticket,
  letter_type: { name: row.letter_type.name, slug: row.letter_type.slug },
  status: row.status as (typeof LETTER_REQUEST_STATUSES)[number],
  note: row.note,
  due_at: row.due_at,
  created_at: row.created_at,
  data: dataOf(row.data),
  nik_masked: maskNik(row.nik_last4),
  letter: row.letter
    ? {
        number: row.letter.number,
        issued_at: row.letter.issued_at,
        verify_url: verifyUrlOf(origin, row.letter.verify_code),
        revoked_at: row.letter.revoked_at,
      }
    : null,
})

export type TrackedLetterRequest = ReturnType<typeof tracked>

/** `GET /api/public/letter-requests/{ticket}?code=` (run inside the lookup throttle's step). */
export async function trackLetterRequest(ticket: string, code: string, origin: string) {
  return tracked(await requestByCode(ticket, code), origin)
}

/**
 * The stored PDF of the request's letter for the code's holder (`/layanan/surat/{ticket}/unduh?code=`): null when the
 * letter is not issued, revoked or erased; a wrong code is the 404 of an unknown ticket.
 */
export async function letterFileByCode(ticket: string, code: string) {
  const row = await requestByCode(ticket, code)
  if (!row.letter || row.letter.revoked_at || !row.letter.pdf_file) return null
  return { file: row.letter.pdf_file, number: row.letter.number }
}

/**
 * `PUT /api/public/letter-requests/{ticket}?code=`: in `perlu_perbaikan` only (else 409), the villager's corrected
 * name, NIK, contact, data and (when sent) attachments, which replace the old ones; back to `diajukan`. The code
 * check is the caller's lookup (`requestByCode` through the throttle): `locate` below.
 */
export async function correctLetterRequest(ticket: string, code: string, input: Record<string, unknown>) {
  const row = await requestByCode(ticket, code)
  if (row.status !== 'perlu_perbaikan') throw conflict('Only a request that needs correcting can be corrected')
  const errors: FieldErrors = {}
  const person = checkPerson(input, errors)
  const data = checkLetterData(fieldsOf(row.letter_type.fields), input.data, errors)
  const files = stagedAttachments(input)
  if (files.length > MAX_ATTACHMENTS) errors.Attachments = `At most ${MAX_ATTACHMENTS} attachments may be sent`
  if (Object.keys(errors).length) throw validationError(errors)
  await refuseGamblingSpam(CITIZEN, { resource: 'letters', id: row.id }, spamFields(person.name, data))
  const attachments = await storeAttachments(files)
  let replaced: string[] = []
  try {
    replaced = await serializeWrite(async () => {
      const current = await prisma.letterRequest.findUnique({ where: { id: row.id }, select: { status: true } })
      if (current?.status !== 'perlu_perbaikan') throw conflict('Only a request that needs correcting can be corrected')
      const old = attachments.length
        ? await prisma.letterAttachment.findMany({ where: { request_id: row.id }, select: { file: true } })
        : []
      await prisma.letterRequest.update({
        where: { id: row.id },
        data: {
          ...personColumns(person, data),
          status: 'diajukan',
          ...(attachments.length ? { attachments: { deleteMany: {}, create: attachments } } : {}),
        },
      })
      return old.map((item) => item.file)
    })
  } catch (error) {
    await dropAttachments(attachments.map((item) => item.file))
    throw error
  }
  if (attachments.length) await unmarkPending(attachments.map((item) => item.file))
  for (const name of replaced) {
    await removeImage(LETTER_FILES_KIND, name).catch(() => undefined)
    await removeStoredFile(LETTER_FILES_KIND, name).catch(() => undefined)
  }
  if (replaced.length) await scrubErased(['letter_requests', 'letter_attachments'])
  await recordActivity({
    actor: CITIZEN,
    action: 'letter_request_corrected',
    resource: 'letters',
    resourceId: row.id,
    summary: row.ticket,
    changes: ['name', 'nik', 'phone', 'email', 'data', ...(attachments.length ? ['attachments'] : [])],
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Staff

export type LetterRequestFilters = { status?: string; letter_type?: string }

export function parseLetterRequestFilters(params: URLSearchParams | undefined): LetterRequestFilters {
  const type = params?.get('letter_type')?.trim()
  return {
    ...choiceFilter(params, 'status', LETTER_REQUEST_STATUSES),
    ...(type ? { letter_type: type.replaceAll('\0', '').slice(0, 150) } : {}),
  }
}

/** One page of the queue, newest first; `search` matches the ticket and the name. */
export function listLetterRequests(query: ListQuery, path: string, params?: URLSearchParams) {
  const filters = parseLetterRequestFilters(params)
  const keep = Object.entries(filters).map(([name, value]) => [name, String(value)] as [string, string])
  const where = {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.letter_type ? { letter_type: { slug: filters.letter_type } } : {}),
  }
  return listPage(prisma.letterRequest, {
    table: 'letter_requests',
    select: listSelect,
    searchColumns: ['ticket', 'name'],
    query: { ...query, keep },
    path,
    where: Object.keys(where).length ? where : undefined,
    map: listed,
  })
}

export async function getLetterRequest(id: number) {
  const row = await prisma.letterRequest.findUnique({ where: { id }, select: staffSelect })
  if (!row) throw notFound('Letter request')
  return forStaff(row)
}

export type StaffLetterRequest = Awaited<ReturnType<typeof getLetterRequest>>

export const updateLetterRequestSchema = z.object({
  status: z.enum(LETTER_REQUEST_STATUSES, {
    errorMap: () => ({ message: `Status must be one of ${LETTER_REQUEST_STATUSES.join(', ')}` }),
  }),
  note: optionalText('Note', 2000),
})

/**
 * `PUT /api/admin/letter-requests/{id}` `{status, note?}`: `note` required for `perlu_perbaikan` and `ditolak`;
 * `selesai` is reached by issuing the letter only, and a request that has ended (issued or refused) stays as it is
 * (409).
 */
export async function updateLetterRequest(id: number, input: Record<string, unknown>, actor: Actor) {
  const { data, errors } = checkInput(updateLetterRequestSchema, input)
  const parsed = data as z.infer<typeof updateLetterRequestSchema> | undefined
  if (parsed && (parsed.status === 'perlu_perbaikan' || parsed.status === 'ditolak') && !parsed.note)
    errors.Note = 'Note is required to ask for a correction or to refuse'
  if (parsed?.status === 'selesai') errors.Status = 'A request becomes selesai when its letter is issued'
  if (Object.keys(errors).length || !parsed) throw validationError(errors)
  const before = await serializeWrite(async () => {
    const existing = await prisma.letterRequest.findUnique({
      where: { id },
      select: { status: true, ticket: true, letter: { select: { id: true } } },
    })
    if (!existing) throw notFound('Letter request')
    if (existing.letter || (ENDED_LETTER_STATUSES as readonly string[]).includes(existing.status))
      throw conflict('This request has ended')
    await prisma.letterRequest.update({
      where: { id },
      data: {
        status: parsed.status,
        note: parsed.note,
        closed_at: parsed.status === 'ditolak' ? now() : null,
      },
    })
    return existing
  })
  await recordActivity({
    actor,
    action: 'update',
    resource: 'letters',
    resourceId: id,
    summary: `${before.ticket}: ${parsed.status}`,
    changes: ['status', ...(parsed.note ? ['note'] : [])],
  })
  return getLetterRequest(id)
}

/** An attachment of a request, for staff: its stored name and what it is, or null. */
export async function letterAttachment(requestId: number, attachmentId: number) {
  return prisma.letterAttachment.findFirst({
    where: { id: attachmentId, request_id: requestId },
    select: { file: true, name: true, type: true, size: true },
  })
}

/** The dashboard's `pending_letters`: requests `diajukan` or `diproses`. */
export const countPendingLetters = () =>
  prisma.letterRequest.count({ where: { status: { in: [...PENDING_LETTER_STATUSES] } } })

// ---------------------------------------------------------------------------------------------------------------
// Retention

/** The activity log's line for a request or letter whose personal data the clean-up erased. */
const noteErased = (resourceId: number, summary: string, changes: string[]) =>
  recordActivity({
    actor: { id: null, name: 'Sistem', ip: null },
    action: 'letter_data_erased',
    resource: 'letters',
    resourceId,
    summary,
    changes,
  })

/**
 * The daily clean-up (decisions 061, 073): a request ended (`selesai`, `ditolak`) longer than
 * LETTER_DATA_RETENTION_DAYS loses its NIK, contact, data and attachments, and its letter (and a walk-in letter issued
 * that long ago) its NIK and stored PDF; the register keeps the number, type, name and date, and the PDF's hash (a
 * copy the villager kept still verifies). The erased values are overwritten in the database's file too.
 */
export async function eraseOldLetterData(at = nowMs()): Promise<number> {
  const cutoff = new Date(at - getEnv().LETTER_DATA_RETENTION_DAYS * 24 * 3600 * 1000)
  const requests = await prisma.letterRequest.findMany({
    where: { closed_at: { lt: cutoff }, data_erased_at: null, status: { in: [...ENDED_LETTER_STATUSES] } },
    select: { id: true, ticket: true, attachments: { select: { file: true } } },
  })
  for (const request of requests) {
    await serializeWrite(async () => {
      await prisma.letterAttachment.deleteMany({ where: { request_id: request.id } })
      await prisma.letterRequest.update({
        where: { id: request.id },
        data: { nik_sealed: '', nik_last4: '', phone: '', email: '', data: '{}', data_erased_at: new Date(at) },
      })
    })
    await dropAttachments(request.attachments.map((item) => item.file))
    await noteErased(request.id, request.ticket, ['nik', 'phone', 'email', 'data', 'attachments'])
  }
  const letters = await prisma.letter.findMany({
    where: {
      data_erased_at: null,
      OR: [
        { request: { data_erased_at: { not: null } } },
        { request_id: null, issued_at: { lt: cutoff } },
        { request: { closed_at: { lt: cutoff } } },
      ],
    },
    select: { id: true, number: true, pdf_file: true },
  })
  for (const letter of letters) {
    await serializeWrite(() =>
      prisma.letter.update({
        where: { id: letter.id },
        data: { nik_sealed: '', nik_last4: '', pdf_file: null, data_erased_at: new Date(at) },
      }),
    )
    await removeStoredFile(LETTER_FILES_KIND, letter.pdf_file).catch(() => undefined)
    await noteErased(letter.id, letter.number, ['nik', 'pdf'])
  }
  if (requests.length || letters.length) await scrubErased(['letter_requests', 'letter_attachments', 'letters'])
  return requests.length + letters.length
}
