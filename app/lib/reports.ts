/**
 * The words of citizens' reports (docs/api.md "Citizen reports"): kinds, statuses and their ticket prefixes, as
 * stored and as the site names them. Plain data, read by the forms, the inbox and the models.
 */

import { choiceLabels, labelOf } from './choices'

export const REPORT_KINDS = ['pengaduan', 'aspirasi', 'permohonan_informasi'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]

export const REPORT_KIND_LABELS: Record<ReportKind, string> = choiceLabels(REPORT_KINDS)

/** `ADU-2026-0007`: the ticket's prefix per kind. */
export const TICKET_PREFIXES: Record<ReportKind, string> = {
  pengaduan: 'ADU',
  aspirasi: 'ASP',
  permohonan_informasi: 'PPID',
}

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
