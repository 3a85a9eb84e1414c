import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { publishingShape, responseId, selectOf, timestamps, z } from '~/utils/response-shape.server'
import { Prisma } from '~/generated/prisma/client'
import type { SessionUser } from '~/models/accounts/user.server'
import { prisma, serializeWrite } from '~/utils/db.server'
import { notFound, validationError } from '~/utils/http.server'
import { inspectPdf } from '~/utils/pdf.server'
import { sanitizedRichText } from '~/utils/sanitize.server'
import {
  randomFileName,
  removeStoredFile,
  storage,
  storeFile,
  unmarkPending,
  type StagedFile,
  stagingFolder,
} from '~/utils/upload-pipeline.server'
import { checkInput, optionalText, requiredText, requiredChoice } from '~/utils/validation.server'
import { now } from '~/utils/clock.server'
import {
  DOCUMENT_KINDS,
  documentClassLabel,
  documentKindLabel,
  EXEMPT_CLASS,
  INFORMATION_CLASSES,
  LEGAL_STATUSES,
} from '~/lib/documents'
import { choiceFilter, type ListQuery } from '~/lib/paging'
import { orNotFound } from '~/models/site/crud.server'
import { PUBLISHED_COLUMNS, publishedFields, statusList } from '~/models/content/published-crud.server'
import { publicTable } from '~/public-reads/public-table.server'
import { narrowedRule, publishingFields } from '~/models/content/publishing.server'

/**
 * Documents and public information (docs/api.md "Documents and public information"): regulations, decrees, reports
 * and other public documents as PDFs. The file and its preview are stored in the private area of the storage
 * (`private/documents`, decision 045): no `/uploads/...` address serves them. The public sees a document only when
 * it is published and its class is not `dikecualikan` (the rule below); its file only through
 * `/dokumen/{slug}/unduh` (documentFile).
 */

/** Where the PDFs and their previews are kept. */
export const DOCUMENT_KIND = 'private/documents' as const

/** A document as the API shows it (docs/api.md "Documents and public information"); the select of its reads. */
export const documentResponse = z
  .object({
    id: responseId(),
    title: z.string(),
    slug: z.string(),
    number: z.string(),
    kind: z.enum(DOCUMENT_KINDS),
    information_class: z.enum(INFORMATION_CLASSES),
    enacted_at: z.string().nullable().openapi({ format: 'date', description: 'A date (`YYYY-MM-DD`) or null' }),
    description: z.string().openapi({ description: 'Sanitised HTML' }),
    file: z.string().openapi({
      description: "The stored PDF's name; its only public address is `/dokumen/{slug}/unduh` (never `/uploads`).",
    }),
    file_size: z.number().int().min(0).openapi({ description: 'Bytes' }),
    active_content: z
      .boolean()
      .optional()
      .openapi({ description: 'The PDF holds JavaScript actions or embedded files (admin only).' }),
    legal_status: z.enum(LEGAL_STATUSES),
    replaced_by_id: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The document of the village that amended or revoked this one' }),
    ...publishingShape,
    ...timestamps,
  })
  .openapi('Document')
export const documentSelect = selectOf(documentResponse)

export type DocumentRow = Prisma.DocumentGetPayload<{ select: typeof documentSelect }>

const SEARCH = ['title', 'number', 'description'] as const
const documents = { table: 'documents', select: documentSelect, searchColumns: SEARCH }

/** What the public may see of documents: published, its time come, and not exempt (decision 045). */
export const documentRule = narrowedRule('documents', 'information_class', EXEMPT_CLASS)

/** A date `YYYY-MM-DD` that exists, or empty/null for none. */
const enactedAt = z.preprocess(
  (value) => (value === undefined || value === null ? null : typeof value === 'string' ? value.trim() || null : value),
  z
    .string({ invalid_type_error: 'Enacted_at must be a date (YYYY-MM-DD)' })
    .refine((text) => {
      const match = /^(\d{4})-(\d\d)-(\d\d)$/.exec(text)
      if (!match) return false
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
      return date.getUTCFullYear() === Number(match[1]) && date.getUTCDate() === Number(match[3])
    }, 'Enacted_at must be a date (YYYY-MM-DD)')
    .nullable(),
)

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({
  title: requiredText('Title'),
  number: optionalText('Number', 100),
  kind: requiredChoice('Kind', DOCUMENT_KINDS),
  information_class: requiredChoice('Information_class', INFORMATION_CLASSES),
  enacted_at: enactedAt,
  description: sanitizedRichText('Description', { required: false }),
  legal_status: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z
      .enum(LEGAL_STATUSES, {
        errorMap: () => ({ message: `Legal_status must be one of ${LEGAL_STATUSES.join(', ')}` }),
      })
      .optional(),
  ),
  replaced_by_id: z.preprocess(
    (value) => (value === '' || value === null ? null : typeof value === 'string' ? Number(value.trim()) : value),
    z
      .number({ invalid_type_error: 'Replaced_by_id must be the id of another document' })
      .int('Replaced_by_id must be the id of another document')
      .positive('Replaced_by_id must be the id of another document')
      .nullable()
      .optional(),
  ),
  ...publishingFields,
})

/** The replacing document must be another document of this village (key `Replaced_by_id`). */
async function refuseBadReplacement(replacedBy: number | null | undefined, id?: number) {
  if (replacedBy === null || replacedBy === undefined) return
  const message =
    replacedBy === id
      ? 'Replaced_by_id must be another document, not this one'
      : !(await prisma.document.findUnique({ where: { id: replacedBy }, select: { id: true } }))
        ? 'Replaced_by_id must be the id of another document of this village'
        : null
  if (message) throw validationError({ Replaced_by_id: message })
}

/** The uploaded PDF of a write's input (`file`), or undefined; a text `file` field (JSON clients) is ignored. */
function stagedFile(input: Record<string, unknown>): StagedFile | undefined {
  const value = input.file
  if (value && typeof value === 'object' && typeof (value as StagedFile).tempPath === 'string')
    return value as StagedFile
  return undefined
}

/** The fields, and the file where one is required, all reported at once before anything is stored. */
function parseDocument(input: Record<string, unknown>, fileRequired: boolean) {
  const { data, errors } = checkInput(schema, input)
  const file = stagedFile(input)
  if (fileRequired && !file) errors.File ??= 'File is required'
  if (Object.keys(errors).length) throw validationError(errors)
  return { data: data as z.infer<typeof schema>, file }
}

/** The PDF judged, then it and its preview stored in the private area; their names and what the PDF holds. */
async function storePdf(file: StagedFile) {
  const inspection = await inspectPdf(file.tempPath, file.size)
  const name = randomFileName('pdf')
  const preview = inspection.preview ? randomFileName('png') : null
  const work = await stagingFolder('document-')
  try {
    await storeFile(DOCUMENT_KIND, name, file.tempPath)
    if (preview) {
      await fsp.writeFile(path.join(work, preview), inspection.preview!)
      try {
        await storeFile(DOCUMENT_KIND, preview, path.join(work, preview))
      } catch (error) {
        await dropFiles([name])
        throw error
      }
    }
  } finally {
    await fsp.rm(work, { recursive: true, force: true })
  }
  return { name, preview, size: file.size, activeContent: inspection.activeContent }
}

/** Removes stored files of documents and their pending markers (a failed write, a replaced or deleted record). */
async function dropFiles(names: (string | null | undefined)[]) {
  const present = names.filter((name): name is string => !!name)
  await Promise.all(present.map((name) => removeStoredFile(DOCUMENT_KIND, name).catch(() => undefined)))
  if (present.length) await unmarkPending(present).catch(() => undefined)
}

/** Runs the database write with a newly stored PDF; the new files go if it fails, the replaced ones if it succeeds. */
async function writeWithPdf<T>(
  file: StagedFile | undefined,
  write: (stored: Awaited<ReturnType<typeof storePdf>> | undefined) => Promise<{ result: T; replaced?: string[] }>,
): Promise<T> {
  const stored = file ? await storePdf(file) : undefined
  let outcome: { result: T; replaced?: string[] }
  try {
    outcome = await serializeWrite(async () => {
      const done = await write(stored)
      if (stored)
        await prisma.pendingUpload.deleteMany({
          where: { kind: DOCUMENT_KIND, name: { in: [stored.name, stored.preview ?? ''] } },
        })
      return done
    })
  } catch (error) {
    if (stored) await dropFiles([stored.name, stored.preview])
    throw error
  }
  if (outcome.replaced?.length)
    await Promise.all(outcome.replaced.map((name) => removeStoredFile(DOCUMENT_KIND, name).catch(() => undefined)))
  return outcome.result
}

/** An admin row with the labels its list shows. */
const withLabels = (row: DocumentRow) => ({
  ...row,
  kind_label: documentKindLabel(row.kind),
  class_label: documentClassLabel(row.information_class),
})

export const listDocuments = statusList(prisma.document, documents, withLabels)

export const getDocument = (id: number) =>
  orNotFound(prisma.document.findUnique({ where: { id }, select: documentSelect }), 'Document')

/**
 * Why a document may have no preview link: an exempt one is never shown to anyone without an account (docs/api.md
 * "Revisions and preview links": 422 on `Information_class`, and a link made before is 404 from then on).
 */
export const documentPreviewRefusal = (record: unknown) =>
  (record as { information_class?: unknown } | null)?.information_class === EXEMPT_CLASS
    ? { Information_class: 'An exempt (dikecualikan) document cannot have a preview link' }
    : null

/**
 * A document by slug whatever its status, as a preview link shows it: without the admin's `active_content`. Never
 * an exempt one (null, as for a slug that does not exist).
 */
export async function previewDocument(slug: string) {
  const document = await prisma.document.findUnique({ where: { slug }, select: documentSelect })
  if (!document || documentPreviewRefusal(document)) return null
  const { active_content: _admin, ...shown } = document
  return shown
}

export async function createDocument(input: Record<string, unknown>, user: Pick<SessionUser, 'id'>) {
  const { data, file } = parseDocument(input, true)
  await refuseBadReplacement(data.replaced_by_id)
  return writeWithPdf(file, async (stored) => {
    await refuseBadReplacement(data.replaced_by_id)
    const fields = await publishedFields(prisma.document, data, 'dokumen')
    const result = await prisma.document.create({
      data: {
        ...fields,
        file: stored!.name,
        file_size: stored!.size,
        preview: stored!.preview,
        active_content: stored!.activeContent,
        user_id: user.id,
      },
      select: documentSelect,
    })
    return { result }
  })
}

/** Without a new file the PDF stays; with one, the old PDF and preview go once the row is saved. */
export async function updateDocument(id: number, input: Record<string, unknown>) {
  if (!(await prisma.document.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Document')
  const { data, file } = parseDocument(input, false)
  await refuseBadReplacement(data.replaced_by_id, id)
  return writeWithPdf(file, async (stored) => {
    await refuseBadReplacement(data.replaced_by_id, id)
    const existing = await orNotFound(
      prisma.document.findUnique({ where: { id }, select: { ...PUBLISHED_COLUMNS, file: true, preview: true } }),
      'Document',
    )
    const fields = await publishedFields(prisma.document, data, 'dokumen', { id, row: existing })
    const result = await prisma.document.update({
      where: { id },
      data: {
        ...fields,
        ...(stored
          ? {
              file: stored.name,
              file_size: stored.size,
              preview: stored.preview,
              active_content: stored.activeContent,
            }
          : {}),
      },
      select: documentSelect,
    })
    return { result, replaced: stored ? [existing.file, existing.preview ?? ''].filter(Boolean) : [] }
  })
}

export async function deleteDocument(id: number) {
  const files = await serializeWrite(async () => {
    const existing = await prisma.document.findUnique({ where: { id }, select: { file: true, preview: true } })
    if (!existing) throw notFound('Document')
    await prisma.document.delete({ where: { id } })
    return [existing.file, existing.preview]
  })
  await Promise.all(files.map((name) => removeStoredFile(DOCUMENT_KIND, name).catch(() => undefined)))
}

// ---------------------------------------------------------------------------------------------------------------
// What the public sees

/** The public item (docs/api.md): the contract's fields, without the stored preview's name. */
const publicSelect = { ...documentSelect, active_content: false } as const
type PublicDocument = Omit<DocumentRow, 'active_content'>

/** What the public sees of documents (app/public-reads/public-table.server.ts): published, and never exempt. */
export const publicDocuments = publicTable<PublicDocument>({
  ...documents,
  select: publicSelect,
  visible: () => documentRule.filter('documents', now()),
})

/** The public list's filters (docs/api.md): `kind`, `information_class` and `year` (of `enacted_at`). */
export type DocumentFilters = { kind?: string; information_class?: string; year?: number; legal_status?: string }

/** The filters of an address; a value that names nothing is left out (so it filters nothing). */
export function parseDocumentFilters(params: URLSearchParams): DocumentFilters {
  const year = params.get('year')?.trim()
  return {
    ...choiceFilter(params, 'kind', DOCUMENT_KINDS),
    ...choiceFilter(params, 'information_class', INFORMATION_CLASSES),
    ...(year && /^\d{4}$/.test(year) ? { year: Number(year) } : {}),
    ...choiceFilter(params, 'legal_status', LEGAL_STATUSES),
  }
}

/** The filter parameters of the public list, in the order its paging links keep them. */
export const DOCUMENT_FILTER_PARAMS = ['kind', 'information_class', 'year', 'legal_status'] as const

export function listPublicDocuments(query: ListQuery, path = '/api/public/documents', filters: DocumentFilters = {}) {
  const keep = DOCUMENT_FILTER_PARAMS.flatMap((name) =>
    filters[name] === undefined ? [] : [[name, String(filters[name])] as [string, string]],
  )
  if (!keep.length) return publicDocuments.list(query, path)
  // The filters narrow the rule, never replace it (`dikecualikan` filters down to nothing); the values are the
  // parsed ones (a kind and a class of the lists above, a year of four digits), bound as parameters.
  const conditions = [
    ...(filters.kind ? [Prisma.sql`"documents"."kind" = ${filters.kind}`] : []),
    ...(filters.information_class ? [Prisma.sql`"documents"."information_class" = ${filters.information_class}`] : []),
    ...(filters.year ? [Prisma.sql`"documents"."enacted_at" LIKE ${`${filters.year}-%`}`] : []),
    ...(filters.legal_status ? [Prisma.sql`"documents"."legal_status" = ${filters.legal_status}`] : []),
  ]
  return publicDocuments.list(query, path, {
    narrow: { name: 'filtered', sql: () => Prisma.join(conditions, ' AND '), keep },
  })
}

export const getPublicDocumentBySlug = (slug: string) => orNotFound(publicDocuments.one('slug', slug), 'Document')

/** The public documents of the PPID page, newest first, each class under its own heading (the exempt one never). */
export const ppidDocuments = () => publicDocuments.newest(500)

/** The years that public documents were enacted in, newest first (the list's year filter). */
export async function documentYears(): Promise<number[]> {
  const rows = await prisma.document.findMany({
    where: { ...documentRule.where(now()), enacted_at: { not: null } },
    select: { enacted_at: true },
    distinct: ['enacted_at'],
  })
  return [...new Set(rows.map((row) => Number(row.enacted_at!.slice(0, 4))))]
    .filter((year) => Number.isFinite(year))
    .sort((a, b) => b - a)
}

/** The file or preview to hand out: what the storage streams, and whether the public may have it. */
export type DocumentFile = {
  slug: string
  size: number
  body: Readable
  /** Published, its time come, not exempt: anyone may have it. */
  public: boolean
}

/** Whether a row is one the public may see (the rule of `documentRule`, for one row already read). */
const isPublicRow = (row: { status: string; published_at: Date | null; information_class: string }, at: Date) =>
  row.status === 'published' &&
  !!row.published_at &&
  row.published_at.getTime() <= at.getTime() &&
  row.information_class !== EXEMPT_CLASS

/**
 * The PDF (or, with `preview`, the first page's picture) of the document at `slug`: of a public document for anyone,
 * of any document for staff (`staff`: the caller holds `documents-show`). Null where the caller may not have it or
 * there is none: the same answer as for a slug that does not exist.
 */
export async function documentFile(slug: string, staff: boolean, preview = false): Promise<DocumentFile | null> {
  // No slug holds a NUL (and PostgreSQL's text cannot be asked for one).
  if (slug.includes('\0')) return null
  const row = await prisma.document.findUnique({
    where: { slug },
    select: { slug: true, file: true, preview: true, status: true, published_at: true, information_class: true },
  })
  if (!row) return null
  const visible = isPublicRow(row, now())
  const name = preview ? row.preview : row.file
  if ((!visible && !staff) || !name) return null
  const stored = await storage().stream(DOCUMENT_KIND, name)
  if (!stored) return null
  return { slug: row.slug, size: stored.size, body: stored.body as Readable, public: visible }
}

/** Whether the PDF of a public document has a preview picture (the detail page shows it). */
export async function hasPreview(slug: string): Promise<boolean> {
  const row = await prisma.document.findFirst({
    where: { slug, ...documentRule.where(now()) },
    select: { preview: true },
  })
  return !!row?.preview
}

/** The documents the sitemap lists: every public one, newest first. */
export const sitemapDocuments = (take: number) =>
  prisma.document.findMany({
    where: documentRule.where(now()),
    select: { slug: true, updated_at: true },
    orderBy: [{ published_at: 'desc' }, { id: 'desc' }],
    take,
  })

/**
 * The legal links of a public document (docs/api.md "Public information, the whole cycle"): the public document
 * that amended or revoked it, and the public documents it amended or revoked.
 */
export async function legalLinks(document: { id: number; replaced_by_id: number | null }) {
  const at = now()
  const [replacement, replaces] = await Promise.all([
    document.replaced_by_id
      ? prisma.document.findFirst({
          where: { id: document.replaced_by_id, ...documentRule.where(at) },
          select: { slug: true, title: true },
        })
      : null,
    prisma.document.findMany({
      where: { replaced_by_id: document.id, ...documentRule.where(at) },
      select: { slug: true, title: true, legal_status: true },
      orderBy: { id: 'asc' },
    }),
  ])
  return { replacement, replaces }
}
