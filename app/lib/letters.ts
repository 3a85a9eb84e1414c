/**
 * The words and rules of Layanan Surat (docs/api.md "Letters") that the server and the screens share: statuses, field
 * kinds, placeholders, the number format, the NIK rule and its mask. Plain data and pure functions.
 */

import { labelOf } from './choices'

export const LETTER_REQUEST_STATUSES = ['diajukan', 'perlu_perbaikan', 'diproses', 'selesai', 'ditolak'] as const
export type LetterRequestStatus = (typeof LETTER_REQUEST_STATUSES)[number]

export const LETTER_STATUS_LABELS: Record<LetterRequestStatus, string> = {
  diajukan: 'Diajukan',
  perlu_perbaikan: 'Perlu Perbaikan',
  diproses: 'Diproses',
  selesai: 'Selesai',
  ditolak: 'Ditolak',
}
export const letterStatusLabel = (status: unknown) => labelOf(LETTER_STATUS_LABELS, status)

/** Waiting for the village: the dashboard's `pending_letters`. */
export const PENDING_LETTER_STATUSES: readonly LetterRequestStatus[] = ['diajukan', 'diproses']
/** Open (not ended): the retention counts from the end (`selesai`, `ditolak`). */
export const ENDED_LETTER_STATUSES: readonly LetterRequestStatus[] = ['selesai', 'ditolak']

/** A request past its due date that the village has not finished: the queue marks it. */
export const isLetterOverdue = (request: { status: string; due_at: Date | string }, nowMs: number) =>
  !(ENDED_LETTER_STATUSES as readonly string[]).includes(request.status) && new Date(request.due_at).getTime() < nowMs

export const LETTER_FIELD_KINDS = ['text', 'textarea', 'date', 'number', 'select'] as const
export type LetterFieldKind = (typeof LETTER_FIELD_KINDS)[number]
export type LetterField = { key: string; label: string; kind: LetterFieldKind; options?: string[]; required: boolean }

/** What a letter type is written with: its name, code, requirements, fields, template body and service promise. */
export type LetterTypeText = {
  name: string
  slug: string
  code: string
  description: string
  requirements: string
  fields: LetterField[]
  body: string
  sla_days: number
}

/** The placeholders every type's body may use, besides `{{<field key>}}`. */
export const BUILT_IN_PLACEHOLDERS = ['nama', 'nik', 'tanggal', 'nomor', 'desa'] as const

/** Every `{{name}}` of a text (names as written, spaces trimmed). */
export const placeholdersOf = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((match) => match[1])

export const DEFAULT_NUMBER_FORMAT = '{kode}/{nomor}/{bulan_romawi}/{tahun}'
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII']

/** `470/007/XII/2026`: a letter's number from its type's format, code, running number and issue month (1-12). */
export function formatLetterNumber(
  format: string | null | undefined,
  values: { code: string; sequence: number; month: number; year: number },
): string {
  return (format || DEFAULT_NUMBER_FORMAT)
    .replaceAll('{nomor}', String(values.sequence).padStart(3, '0'))
    .replaceAll('{kode}', values.code)
    .replaceAll('{bulan_romawi}', ROMAN[values.month - 1] ?? '')
    .replaceAll('{tahun}', String(values.year))
}

/** What a number format may hold besides text: these four, and it must hold `{nomor}`. */
export const NUMBER_FORMAT_TOKENS = ['{nomor}', '{kode}', '{bulan_romawi}', '{tahun}'] as const

/** `************3456`: the NIK as every place but the staff detail and the PDF shows it. */
export const maskNik = (last4: string) => (last4 ? `************${last4}` : '')

/**
 * The NIK rule (docs/api.md "Letters"): 16 digits, not all one digit, whose 7th-12th digits are a date `DDMMYY` (a
 * woman's day plus 40). Returns the error, or null.
 */
export function nikError(nik: string): string | null {
  if (!/^\d{16}$/.test(nik)) return 'Nik must be 16 digits'
  if (/^(\d)\1{15}$/.test(nik)) return 'Nik is not a valid NIK'
  let day = Number(nik.slice(6, 8))
  const month = Number(nik.slice(8, 10))
  const year = Number(nik.slice(10, 12))
  if (day > 40) day -= 40
  // Any year of the two digits: 29 February needs a leap year, which 2000 is (so 00 passes; 01 does not).
  const fullYear = 2000 + year
  const lastDay = month >= 1 && month <= 12 ? new Date(Date.UTC(fullYear, month, 0)).getUTCDate() : 0
  if (month < 1 || month > 12 || day < 1 || day > lastDay) return 'Nik holds no valid date of birth'
  return null
}

/** What `/verifikasi/{code}` shows of a letter (its door reads it, its screen draws it). */
export type VerificationView = {
  number: string
  type: string
  name: string
  nik_masked: string
  issued_at: string
  village: string
  village_url: string
  revoked: boolean
  revoked_at: string | null
  revoked_reason: string | null
  signed: string
  signature: string
  key_id: string
}
