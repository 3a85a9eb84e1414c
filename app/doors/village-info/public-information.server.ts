import type { Readable } from 'node:stream'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { can, getSessionUser, readToken } from '~/auth/session.server'
import {
  documentFile,
  documentYears,
  hasPreview,
  legalLinks,
  listPublicDocuments,
  parseDocumentFilters,
  ppidDocuments,
  previewDocument,
} from '~/models/village-info/document.server'
import { publicDocument } from '~/models/site/public-catalog.server'
import { cachedRead } from '~/public-reads/read-memo.server'
import {
  documentClassLabel,
  documentKindLabel,
  DOCUMENT_CLASS_LABELS,
  DOCUMENT_KIND_LABELS,
  EXEMPT_CLASS,
  formatFileSize,
} from '~/lib/documents'
import { notFoundResponse } from '~/utils/http.server'
import { foundOr404, grantedPreview, publicPage } from '~/doors/site/public.server'

/**
 * The public door of documents and public information (docs/api.md "Documents and public information"): the list
 * `/dokumen`, a document's page, `/ppid`, and the file's one public address `/dokumen/{slug}/unduh` (with the
 * first page's picture beside it).
 */

/** What the list and the PPID page show of a document. */
export type DocumentSummary = {
  id: number
  title: string
  slug: string
  number: string
  kind: string
  kind_label: string
  class_label: string
  enacted_at: string | null
  date: string | Date
  size: string
}

const summaryOf = (row: {
  id: number
  title: string
  slug: string
  number: string
  kind: string
  information_class: string
  enacted_at: string | null
  published_at: Date | null
  created_at: Date
  file_size: number
}): DocumentSummary => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  number: row.number,
  kind: row.kind,
  kind_label: documentKindLabel(row.kind),
  class_label: documentClassLabel(row.information_class),
  enacted_at: row.enacted_at,
  date: row.enacted_at ?? row.published_at ?? row.created_at,
  size: formatFileSize(row.file_size),
})

/** The choices of the list's filters: kinds, the public classes, and the years documents were enacted in. */
const filterChoices = async () => ({
  kinds: Object.entries(DOCUMENT_KIND_LABELS).map(([value, label]) => ({ value, label })),
  classes: Object.entries(DOCUMENT_CLASS_LABELS)
    .filter(([value]) => value !== EXEMPT_CLASS)
    .map(([value, label]) => ({ value, label })),
  years: await cachedRead(JSON.stringify(['document-years']), documentYears),
})

/**
 * `/dokumen`: one page of the public documents for the address's search, filters and page, and the filters'
 * choices.
 */
export async function documentsLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const filters = parseDocumentFilters(url.searchParams)
  const [page, choices] = await Promise.all([
    publicPage(request, context, (query, path) => listPublicDocuments(query, path, filters), summaryOf),
    filterChoices(),
  ])
  return {
    page,
    choices,
    filters: {
      search: url.searchParams.get('search')?.trim() ?? '',
      kind: filters.kind ?? '',
      information_class: filters.information_class ?? '',
      year: filters.year ? String(filters.year) : '',
      legal_status: filters.legal_status ?? '',
    },
  }
}

/** `/dokumen/{slug}`: a public document, whether its first page has a picture, and its labels. */
/** A document as its page shows it (also a preview link's page, app/doors/content/preview.server.ts). */
export const documentDetail = <D extends { kind: string; information_class: string; file_size: number }>(
  document: D,
) => ({
  ...document,
  kind_label: documentKindLabel(document.kind),
  class_label: documentClassLabel(document.information_class),
  size: formatFileSize(document.file_size),
})

export async function documentLoader({ params, context }: LoaderFunctionArgs) {
  const slug = params.slug ?? ''
  if (context.previewGrant) {
    // A preview link's document, whatever its status, never an exempt one (previewDocument); its first-page picture
    // and download stay the public's only (server/document-files.mjs).
    const document = await grantedPreview(context, 'documents', () => previewDocument(slug))
    if (!document) throw notFoundResponse()
    return { document: documentDetail(document), preview: false, links: await legalLinks(document) }
  }
  const document = await foundOr404(() => publicDocument(slug))
  return {
    document: documentDetail(document),
    preview: await cachedRead(JSON.stringify(['document-preview', slug]), () => hasPreview(slug)),
    links: await cachedRead(JSON.stringify(['document-links', slug]), () => legalLinks(document)),
  }
}

/** `/ppid`: the public documents under their class's heading (Berkala, Serta Merta, Setiap Saat). */
export async function ppidLoader() {
  const rows = await cachedRead(JSON.stringify(['ppid']), ppidDocuments)
  const of = (value: string) => rows.filter((row) => row.information_class === value).map(summaryOf)
  return { berkala: of('berkala'), serta_merta: of('serta_merta'), setiap_saat: of('setiap_saat') }
}

/** The headers every answer of a document's file address carries, found or not (docs/api.md). */
const FILE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': 'sandbox',
  'Cross-Origin-Resource-Policy': 'same-origin',
}

/** What `/dokumen/{slug}/unduh` answers: status, headers, and the file as a Node stream (or a short text). */
export type DocumentFileAnswer = { status: number; headers: Record<string, string>; body: Readable | string }

/**
 * `GET /dokumen/{slug}/unduh` (and, with `preview`, `/dokumen/{slug}/pratinjau.png`): the file of a public document
 * for anyone, of any document for staff holding `documents-show` (bearer token or `token` cookie); anyone else gets
 * the same 404 as for a slug that does not exist. Always an attachment under `Content-Security-Policy: sandbox`
 * (decision 046). server/document-files.mjs pipes the stream to the client at the pace it reads (decision 047: Remix's
 * writer would
 * not wait for the socket, so a slow reader would make the server hold the file), and no cache keeps the answer.
 */
export async function documentFileAnswer(request: Request, slug: string, preview = false): Promise<DocumentFileAnswer> {
  const user = readToken(request) ? await getSessionUser(request) : null
  const file = await documentFile(slug, can(user, 'documents-show'), preview)
  if (!file)
    return {
      status: 404,
      headers: { ...FILE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      body: 'Not found',
    }
  return {
    status: 200,
    headers: {
      ...FILE_HEADERS,
      'Content-Length': String(file.size),
      // A public document may be kept by the browser for a few minutes; one only staff may read, by nobody.
      'Cache-Control': file.public ? 'private, max-age=300' : 'no-store',
      ...(preview
        ? { 'Content-Type': 'image/png' }
        : {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="${file.slug}.pdf"`,
          }),
    },
    body: file.body,
  }
}
