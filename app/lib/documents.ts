/**
 * The words of documents and public information (docs/api.md "Documents and public information"): the kinds and
 * the classes of UU 14/2008 as stored, and as the site names them. Plain data: the admin form, the public pages and
 * the models read it.
 */

import { choiceLabels, labelOf } from './choices'

export const DOCUMENT_KINDS = [
  'peraturan_desa',
  'peraturan_kepala_desa',
  'peraturan_bersama',
  'keputusan_kepala_desa',
  'laporan',
  'informasi_publik',
  'lainnya',
] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  ...choiceLabels(DOCUMENT_KINDS),
  peraturan_bersama: 'Peraturan Bersama Kepala Desa',
}

/** A regulation's legal status (docs/api.md "Public information, the whole cycle"): in force, amended, revoked. */
export const LEGAL_STATUSES = ['berlaku', 'diubah', 'dicabut'] as const
export type LegalStatus = (typeof LEGAL_STATUSES)[number]
export const LEGAL_STATUS_LABELS: Record<LegalStatus, string> = {
  berlaku: 'Berlaku',
  diubah: 'Diubah',
  dicabut: 'Dicabut',
}
export const legalStatusLabel = (value: unknown) => labelOf(LEGAL_STATUS_LABELS, value)

export const INFORMATION_CLASSES = ['berkala', 'serta_merta', 'setiap_saat', 'dikecualikan'] as const
export type InformationClass = (typeof INFORMATION_CLASSES)[number]

/** An exempt document is never public: not its page, not its file, not the API. */
export const EXEMPT_CLASS: InformationClass = 'dikecualikan'

export const DOCUMENT_CLASS_LABELS: Record<InformationClass, string> = {
  berkala: 'Informasi Berkala',
  serta_merta: 'Informasi Serta Merta',
  setiap_saat: 'Informasi Setiap Saat',
  dikecualikan: 'Dikecualikan',
}

export const documentKindLabel = (kind: unknown) => labelOf(DOCUMENT_KIND_LABELS, kind)
export const documentClassLabel = (value: unknown) => labelOf(DOCUMENT_CLASS_LABELS, value)

/** `1,2 MB`, `350 KB`: a file's size as the list shows it. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/** Where the PDF of a public document is downloaded: its only public address. */
export const documentDownloadPath = (slug: string) => `/dokumen/${encodeURIComponent(slug)}/unduh`
