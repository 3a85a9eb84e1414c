/**
 * The words of citizens' reports (docs/api.md "Citizen reports"): kinds, statuses and their ticket prefixes, as
 * stored and as the site names them. Plain data, read by the forms, the inbox and the models.
 */

import { choiceLabels, labelOf } from './choices'

export const REPORT_KINDS = ['pengaduan', 'aspirasi', 'permohonan_informasi'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]

/**
 * What the inbox holds: the three kinds citizens file at /layanan, and objections (`keberatan`, docs/api.md "Public
 * information, the whole cycle"), filed at /ppid/keberatan and answered in the same inbox (decision 077).
 */
export const INBOX_KINDS = [...REPORT_KINDS, 'keberatan'] as const
export type InboxKind = (typeof INBOX_KINDS)[number]

export const REPORT_KIND_LABELS: Record<InboxKind, string> = choiceLabels(INBOX_KINDS)

/** `ADU-2026-0007`: the ticket's prefix per kind. */
export const TICKET_PREFIXES: Record<InboxKind, string> = {
  pengaduan: 'ADU',
  aspirasi: 'ASP',
  permohonan_informasi: 'PPID',
  keberatan: 'KBR',
}

/** The decision on an information request (docs/api.md "Public information, the whole cycle"). */
export const DECISIONS = ['diberikan', 'diberikan_sebagian', 'ditolak'] as const
export type Decision = (typeof DECISIONS)[number]
export const DECISION_LABELS: Record<Decision, string> = choiceLabels(DECISIONS)
export const decisionLabel = (decision: unknown) => (decision ? labelOf(DECISION_LABELS, decision) : '')
/** The decisions that need their legal basis (`decision_reason`). */
export const DECISIONS_WITH_REASON: readonly Decision[] = ['diberikan_sebagian', 'ditolak']

/** The seven grounds of an objection, UU 14/2008 Pasal 35 ayat (1) huruf a-g, in that order. */
export const OBJECTION_REASONS = [
  'ditolak',
  'tidak_disediakan',
  'tidak_ditanggapi',
  'tidak_sesuai',
  'tidak_dipenuhi',
  'biaya',
  'terlambat',
] as const
export type ObjectionReason = (typeof OBJECTION_REASONS)[number]

/** Each ground in plain Indonesian: a title and what it means for the citizen. */
export const OBJECTION_REASON_TEXT: Record<ObjectionReason, { title: string; help: string }> = {
  ditolak: {
    title: 'Permohonan informasi ditolak',
    help: 'Desa menolak memberikan informasi yang Anda minta dengan alasan informasi itu dikecualikan.',
  },
  tidak_disediakan: {
    title: 'Informasi berkala tidak disediakan',
    help: 'Informasi yang wajib diumumkan secara berkala (misalnya APBDes atau laporan) tidak diumumkan desa.',
  },
  tidak_ditanggapi: {
    title: 'Permohonan informasi tidak ditanggapi',
    help: 'Anda sudah mengajukan permohonan, tetapi desa tidak memberi jawaban apa pun.',
  },
  tidak_sesuai: {
    title: 'Permohonan ditanggapi tidak sesuai dengan yang diminta',
    help: 'Desa menjawab, tetapi informasi yang diberikan bukan yang Anda minta.',
  },
  tidak_dipenuhi: {
    title: 'Permohonan informasi tidak dipenuhi',
    help: 'Desa menyanggupi, tetapi informasi itu tidak juga diberikan kepada Anda.',
  },
  biaya: {
    title: 'Biaya yang dikenakan tidak wajar',
    help: 'Anda diminta membayar biaya untuk mendapatkan informasi yang menurut Anda tidak wajar.',
  },
  terlambat: {
    title: 'Informasi disampaikan melebihi jangka waktu',
    help: 'Jawaban atas permohonan Anda datang terlambat, melewati batas waktu yang ditentukan undang-undang.',
  },
}
export const objectionReasonLabel = (reason: unknown) =>
  typeof reason === 'string' && Object.hasOwn(OBJECTION_REASON_TEXT, reason)
    ? OBJECTION_REASON_TEXT[reason as ObjectionReason].title
    : String(reason ?? '')

/** The objection form, its request's ticket filled in. */
export const objectionPath = (ticket?: string) =>
  ticket ? `/ppid/keberatan?tiket=${encodeURIComponent(ticket)}` : '/ppid/keberatan'

export const REPORT_STATUSES = ['baru', 'diproses', 'selesai', 'ditolak'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = choiceLabels(REPORT_STATUSES)

/** Still waiting for the village: what the dashboard's `open_reports` counts. */
export const OPEN_STATUSES: readonly ReportStatus[] = ['baru', 'diproses']

export const reportKindLabel = (kind: unknown) => labelOf(REPORT_KIND_LABELS, kind)
export const reportStatusLabel = (status: unknown) => labelOf(REPORT_STATUS_LABELS, status)

/** An information request past its due date and still open: the inbox marks it. */
export const isOverdue = (report: { status: string; due_at: Date | string | null }, nowMs: number) =>
  report.due_at !== null &&
  (OPEN_STATUSES as readonly string[]).includes(report.status) &&
  new Date(report.due_at).getTime() < nowMs

/** The tracking page of a ticket (the code is typed there, never carried in an address). */
export const trackingPath = (ticket: string) => `/layanan/lacak?tiket=${encodeURIComponent(ticket)}`

/** `https://wa.me/?text=...`: a WhatsApp message to oneself (or anyone) carrying the tracking link. */
export const whatsappShareLink = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`
