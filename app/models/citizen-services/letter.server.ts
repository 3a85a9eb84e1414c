import crypto from 'node:crypto'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { nullableResponseTime, responseId, responseTime, z } from '~/utils/response-shape.server'
import { prisma, serializeWrite } from '~/utils/db.server'
import { getEnv } from '~/utils/config.server'
import { conflict, notFound, validationError, type FieldErrors } from '~/utils/http.server'
import { now } from '~/utils/clock.server'
import { removeStoredFile, stagingFolder, storage } from '~/utils/upload-pipeline.server'
import { checkInput, requiredText } from '~/utils/validation.server'
import { wallClockOf } from '~/lib/zoned-time'
import { csvOf } from '~/lib/csv'
import type { ListQuery } from '~/lib/paging'
import { formatLetterNumber, maskNik, type LetterField } from '~/lib/letters'
import { recordActivity, type Actor } from '~/models/accounts/activity.server'
import { listPage } from '~/models/site/crud.server'
import { getSettings } from '~/models/site/settings.server'
import { openNik, sealNik } from './letter-data-key.server'
import { checkLetterData, checkPerson, dataOf, LETTER_FILES_KIND, nikLast4, verifyUrlOf } from './letter-request.server'
import { fieldsOf, letterTypeBySlug } from './letter-type.server'
import { renderLetterPdf, type LetterPdfInput } from './letter-pdf.server'

/**
 * Issued letters, the register of outgoing letters (docs/api.md "Letters"). A letter is issued in one serialised
 * write (decision 074): the year's next running number is read, the PDF drawn and stored, and the letter, the
 * running number and the request's status written in one transaction; so two issues at the same moment (two staff,
 * two workers, two instances on one PostgreSQL) never share a number, a failed issue leaves no gap, and one request
 * never gets two letters.
 */

export const letterResponse = z
  .object({
    id: responseId(),
    number: z.string().openapi({ example: '470/007/XII/2026' }),
    letter_type: z.object({ name: z.string(), slug: z.string() }),
    name: z.string(),
    nik_masked: z.string(),
    issued_at: responseTime(),
    signer: z.object({ name: z.string(), position: z.string() }),
    verify_code: z.string(),
    verify_url: z.string(),
    revoked_at: nullableResponseTime(),
    revoked_reason: z.string().nullable(),
    request_ticket: z.string().nullable(),
  })
  .openapi('Letter')

export type LetterAnswer = z.infer<typeof letterResponse>

const letterSelect = {
  id: true,
  number: true,
  letter_type: { select: { name: true, slug: true } },
  name: true,
  nik_last4: true,
  issued_at: true,
  signer_name: true,
  signer_position: true,
  verify_code: true,
  revoked_at: true,
  revoked_reason: true,
  request: { select: { ticket: true } },
} as const

type LetterRow = {
  id: number
  number: string
  letter_type: { name: string; slug: string }
  name: string
  nik_last4: string
  issued_at: Date
  signer_name: string
  signer_position: string
  verify_code: string
  revoked_at: Date | null
  revoked_reason: string | null
  request: { ticket: string } | null
}

const answerOf = (origin: string) => (row: LetterRow) => ({
  id: row.id,
  number: row.number,
  letter_type: row.letter_type,
  name: row.name,
  nik_masked: maskNik(row.nik_last4),
  issued_at: row.issued_at,
  signer: { name: row.signer_name, position: row.signer_position },
  verify_code: row.verify_code,
  verify_url: verifyUrlOf(origin, row.verify_code),
  revoked_at: row.revoked_at,
  revoked_reason: row.revoked_reason,
  request_ticket: row.request?.ticket ?? null,
})

// ---------------------------------------------------------------------------------------------------------------
// The letter's text

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** `6 Desember 2026` in the village's time zone. */
export const longDateIn = (date: Date, zone = getEnv().TZ) =>
  new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: zone }).format(date)

/** A date field's `2026-01-05` as `5 Januari 2026`; any other value as it is. */
const shownValue = (field: LetterField | undefined, value: string) => {
  if (field?.kind !== 'date' || !/^\d{4}-\d\d-\d\d$/.test(value)) return value
  return longDateIn(new Date(`${value}T00:00:00Z`), 'UTC')
}

/** The type's body with every placeholder filled, each value escaped (markup a villager typed is shown as text). */
export function fillBody(
  body: string,
  fields: LetterField[],
  values: { nama: string; nik: string; tanggal: string; nomor: string; desa: string; data: Record<string, string> },
): string {
  const byKey = new Map(fields.map((field) => [field.key, field]))
  const builtIn: Record<string, string> = {
    nama: values.nama,
    nik: values.nik,
    tanggal: values.tanggal,
    nomor: values.nomor,
    desa: values.desa,
  }
  return body.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (_whole, name: string) => {
    const value = Object.hasOwn(builtIn, name)
      ? builtIn[name]
      : shownValue(byKey.get(name), Object.hasOwn(values.data, name) ? values.data[name] : '')
    return escapeHtml(value)
  })
}

/** `Sukamaju` of `Desa Sukamaju`: the place a letter is dated at. */
export const placeOf = (villageName: string) => villageName.replace(/^(desa|kelurahan|kampung|nagari)\s+/i, '').trim()

async function villageOfLetter(): Promise<LetterPdfInput['village']> {
  const settings = await getSettings()
  const logo = settings.logo ? await storage().read('settings', settings.logo) : null
  const regency = settings.regency_name.trim()
  return {
    name: settings.site_name,
    address: settings.address,
    logo: logo ? new Uint8Array(logo) : null,
    regencyName: regency || null,
    place: placeOf(settings.site_name),
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Issuing (decision 074)

/** A verification code: 16 characters of base32 without look-alikes (80 bits). */
function newVerifyCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  let code = ''
  while (code.length < 16) {
    const byte = crypto.randomBytes(1)[0]
    if (byte < 248) code += alphabet[byte % alphabet.length]
  }
  return code
}

type IssueSource = {
  type: { id: number; name: string; code: string; body: string; number_format: string | null; signer_id: number | null }
  fields: LetterField[]
  name: string
  nik: string
  data: Record<string, string>
  /** The request issued (null: a walk-in villager). */
  requestId: number | null
}

/**
 * Issues a letter: inside one serialised write the year's next number is taken, the PDF drawn and stored (marked
 * pending until the row is committed), then the letter, the year's running number and the request's `selesai` are
 * written in one transaction. A failure anywhere stores nothing and takes no number.
 */
async function issue(source: IssueSource, origin: string, user: { id: number } | null) {
  const village = await villageOfLetter()
  const signer = source.type.signer_id
    ? await prisma.aparatur.findUnique({ where: { id: source.type.signer_id }, select: { name: true, position: true } })
    : null
  const work = await stagingFolder('letter-')
  try {
    return await serializeWrite(async () => {
      if (source.requestId !== null) {
        const request = await prisma.letterRequest.findUnique({
          where: { id: source.requestId },
          select: { status: true, letter: { select: { id: true } } },
        })
        if (!request) throw notFound('Letter request')
        if (request.letter || request.status === 'selesai') throw conflict('This request has already been issued')
        if (request.status === 'ditolak') throw conflict('This request has been refused')
      }
      const issuedAt = now()
      const clock = wallClockOf(issuedAt.getTime(), getEnv().TZ)
      const counter = await prisma.letterNumber.findUnique({ where: { year: clock.year }, select: { last: true } })
      const highest = await prisma.letter.findFirst({
        where: { year: clock.year },
        orderBy: { sequence: 'desc' },
        select: { sequence: true },
      })
      const sequence = Math.max(counter?.last ?? 0, highest?.sequence ?? 0) + 1
      const number = formatLetterNumber(source.type.number_format, {
        code: source.type.code,
        sequence,
        month: clock.month,
        year: clock.year,
      })
      const verifyCode = newVerifyCode()
      const verifyUrl = verifyUrlOf(origin, verifyCode)
      const bodyHtml = fillBody(source.type.body, source.fields, {
        nama: source.name,
        nik: source.nik,
        tanggal: longDateIn(issuedAt),
        nomor: number,
        desa: village.name,
        data: source.data,
      })
      const pdf = await renderLetterPdf({
        village,
        title: source.type.name,
        number,
        bodyHtml,
        issuedAt,
        signer: { name: signer?.name ?? '', position: signer?.position ?? 'Kepala Desa' },
        verifyUrl,
        timeZone: getEnv().TZ,
      })
      const file = `${crypto.randomBytes(16).toString('hex')}.pdf`
      const staged = path.join(work, file)
      await fsp.writeFile(staged, pdf)
      await prisma.pendingUpload.create({ data: { kind: LETTER_FILES_KIND, name: file } })
      try {
        await storage().put(LETTER_FILES_KIND, file, staged)
        const [letter] = await prisma.$transaction([
          prisma.letter.create({
            data: {
              number,
              year: clock.year,
              sequence,
              letter_type_id: source.type.id,
              request_id: source.requestId,
              name: source.name,
              nik_sealed: sealNik(source.nik),
              nik_last4: nikLast4(source.nik),
              signer_name: signer?.name ?? '',
              signer_position: signer?.position ?? 'Kepala Desa',
              verify_code: verifyCode,
              issued_at: issuedAt,
              pdf_file: file,
              pdf_sha256: crypto.createHash('sha256').update(pdf).digest('hex'),
              user_id: user?.id ?? null,
            },
            select: letterSelect,
          }),
          prisma.letterNumber.upsert({
            where: { year: clock.year },
            create: { year: clock.year, last: sequence },
            update: { last: sequence },
          }),
          ...(source.requestId !== null
            ? [
                prisma.letterRequest.update({
                  where: { id: source.requestId },
                  data: { status: 'selesai', note: '', closed_at: issuedAt },
                }),
              ]
            : []),
        ])
        await prisma.pendingUpload.deleteMany({ where: { kind: LETTER_FILES_KIND, name: file } })
        return letter as LetterRow
      } catch (error) {
        await removeStoredFile(LETTER_FILES_KIND, file).catch(() => undefined)
        await prisma.pendingUpload.deleteMany({ where: { kind: LETTER_FILES_KIND, name: file } }).catch(() => undefined)
        throw error
      }
    })
  } finally {
    await fsp.rm(work, { recursive: true, force: true })
  }
}

async function logIssued(actor: Actor, letter: LetterRow) {
  await recordActivity({
    actor,
    action: 'letter_issued',
    resource: 'letters',
    resourceId: letter.id,
    summary: `${letter.number} (${letter.letter_type.name})${letter.request ? ` ${letter.request.ticket}` : ''}`,
  })
}

/** `POST /api/admin/letter-requests/{id}/issue`: 201 the letter; 409 when issued already or refused. */
export async function issueLetterForRequest(id: number, origin: string, user: { id: number }, actor: Actor) {
  const request = await prisma.letterRequest.findUnique({
    where: { id },
    select: {
      name: true,
      nik_sealed: true,
      data: true,
      status: true,
      letter: { select: { id: true } },
      letter_type: {
        select: { id: true, name: true, code: true, body: true, number_format: true, signer_id: true, fields: true },
      },
    },
  })
  if (!request) throw notFound('Letter request')
  if (request.letter || request.status === 'selesai') throw conflict('This request has already been issued')
  if (request.status === 'ditolak') throw conflict('This request has been refused')
  const nik = openNik(request.nik_sealed)
  if (!nik) throw conflict("This request's NIK cannot be read (erased, or sealed under another LETTER_DATA_KEY)")
  const letter = await issue(
    {
      type: request.letter_type,
      fields: fieldsOf(request.letter_type.fields),
      name: request.name,
      nik,
      data: dataOf(request.data),
      requestId: id,
    },
    origin,
    user,
  )
  await logIssued(actor, letter)
  return answerOf(origin)(letter)
}

/** `POST /api/admin/letters` `{letter_type, name, nik, data}`: a walk-in villager's letter, issued at once. */
export async function issueWalkInLetter(
  input: Record<string, unknown>,
  origin: string,
  user: { id: number },
  actor: Actor,
) {
  const errors: FieldErrors = {}
  const slug = typeof input.letter_type === 'string' ? input.letter_type.trim() : ''
  const type = slug ? await letterTypeBySlug(slug) : null
  if (!type) errors.Letter_type = slug ? 'Letter type must be a letter type' : 'Letter type is required'
  const person = checkPerson(input, errors, false)
  const data = type ? checkLetterData(type.fields, input.data, errors) : {}
  if (Object.keys(errors).length || !type) throw validationError(errors)
  const letter = await issue(
    { type, fields: type.fields, name: person.name, nik: person.nik, data, requestId: null },
    origin,
    user,
  )
  await logIssued(actor, letter)
  return answerOf(origin)(letter)
}

// ---------------------------------------------------------------------------------------------------------------
// The register

/** The year of `?year=` (a number of 4 digits), or null for every year. */
export const yearOf = (value: string | null | undefined) =>
  value && /^\d{4}$/.test(value.trim()) ? Number(value) : null

/** `GET /api/admin/letters?page&year&search`: newest first; `search` matches the number and the name. */
export function listLetters(query: ListQuery, path: string, origin: string, year: number | null) {
  return listPage(prisma.letter, {
    table: 'letters',
    select: letterSelect,
    searchColumns: ['number', 'name'],
    query: { ...query, keep: year ? [['year', String(year)]] : [] },
    path,
    where: year ? { year } : undefined,
    map: answerOf(origin),
  })
}

export async function getLetter(id: number, origin: string) {
  const row = await prisma.letter.findUnique({ where: { id }, select: letterSelect })
  if (!row) throw notFound('Letter')
  return answerOf(origin)(row)
}

/** The years that have letters, newest first (the register's year filter). */
export const letterYears = async () =>
  (await prisma.letter.findMany({ distinct: ['year'], select: { year: true }, orderBy: { year: 'desc' } })).map(
    (row) => row.year,
  )

/** The register of `year` (every year: null) as CSV, oldest first: `Nomor,Tanggal,Jenis Surat,Nama,Penandatangan,Status`. */
export async function lettersCsv(year: number | null): Promise<string> {
  const rows = await prisma.letter.findMany({
    where: year ? { year } : {},
    select: letterSelect,
    orderBy: [{ year: 'asc' }, { sequence: 'asc' }],
  })
  const zone = getEnv().TZ
  const day = (date: Date) => {
    const clock = wallClockOf(date.getTime(), zone)
    return `${clock.year}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`
  }
  return csvOf([
    ['Nomor', 'Tanggal', 'Jenis Surat', 'Nama', 'Penandatangan', 'Status'],
    ...rows.map((row) => [
      row.number,
      day(row.issued_at),
      row.letter_type.name,
      row.name,
      row.signer_name,
      row.revoked_at ? 'Dicabut' : 'Berlaku',
    ]),
  ])
}

/** The stored PDF of a letter (staff): its stored name and number, or null when erased. */
export async function letterPdfFile(id: number) {
  const row = await prisma.letter.findUnique({ where: { id }, select: { pdf_file: true, number: true } })
  if (!row) throw notFound('Letter')
  return row.pdf_file ? { file: row.pdf_file, number: row.number } : null
}

export const revokeSchema = z.object({ reason: requiredText('Reason', 1000) })

/** `POST /api/admin/letters/{id}/revoke` `{reason}`: the letter keeps its number; revoking twice is a 409. */
export async function revokeLetter(id: number, input: Record<string, unknown>, origin: string, actor: Actor) {
  const { data, errors } = checkInput(revokeSchema, input)
  if (Object.keys(errors).length) throw validationError(errors)
  const { reason } = data as z.infer<typeof revokeSchema>
  const row = await serializeWrite(async () => {
    const existing = await prisma.letter.findUnique({ where: { id }, select: { revoked_at: true } })
    if (!existing) throw notFound('Letter')
    if (existing.revoked_at) throw conflict('This letter has already been revoked')
    return prisma.letter.update({
      where: { id },
      data: { revoked_at: now(), revoked_reason: reason },
      select: letterSelect,
    })
  })
  await recordActivity({
    actor,
    action: 'letter_revoked',
    resource: 'letters',
    resourceId: id,
    summary: row.number,
    changes: ['revoked_at', 'revoked_reason'],
  })
  return answerOf(origin)(row)
}

/** The file name a letter downloads as: `surat-470-007-XII-2026.pdf`. */
export const letterFileName = (number: string) =>
  `surat-${number.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}.pdf`
