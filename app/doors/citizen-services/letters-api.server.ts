import type { LoaderFunctionArgs } from '@remix-run/node'
import { Readable } from 'node:stream'
import { actorOf } from '~/auth/actor.server'
import { requirePermission } from '~/auth/session.server'
import { clientKeyOf } from '~/utils/client-key.server'
import { apiSuccess, bodyStream, discardRest, notFound, readJsonObject } from '~/utils/http.server'
import { readMultipart, storage } from '~/utils/upload-pipeline.server'
import { publicApiSuccess } from '~/public-reads/read-memo.server'
import { byMethod, idOf } from '~/doors/site/door-kit.server'
import { ADMIN_PAGE_SIZE, parseListQuery } from '~/lib/paging'
import { siteUrl } from '~/models/site/site-identity.server'
import { countedFiling, countedLookup, filingRefusal } from '~/models/citizen-services/report-throttle.server'
import {
  createLetterType,
  deleteLetterType,
  getLetterType,
  listLetterTypes,
  publicLetterTypes,
  updateLetterType,
} from '~/models/citizen-services/letter-type.server'
import {
  ATTACHMENT_MAX_MB,
  correctLetterRequest,
  fileLetterRequest,
  getLetterRequest,
  LETTER_FILES_KIND,
  letterAttachment,
  listLetterRequests,
  MAX_ATTACHMENTS,
  trackLetterRequest,
  updateLetterRequest,
} from '~/models/citizen-services/letter-request.server'
import {
  issueLetterForRequest,
  issueWalkInLetter,
  letterFileName,
  letterPdfFile,
  lettersCsv,
  listLetters,
  revokeLetter,
  yearOf,
} from '~/models/citizen-services/letter.server'
import { activityOf } from '~/doors/site/door-kit.server'

/**
 * The doors of Layanan Surat's API (docs/api.md "Letters"): the staff's calls (letter types, the queue of requests,
 * issuing, the register) and the public's (the active types, a request filed, tracked and corrected). Filings and
 * lookups take the throttles of reports (decision 060): filings counted apart (`letter requests`), lookups in the
 * same count as the reports' tracking lookups.
 */

const noteLetters = activityOf('letters')

/** The GET of one record at `/{id}` (letters-show): the id's 404 first, then the permission, as every door here. */
const showOne =
  (thing: string, message: string, get: (id: number) => Promise<unknown>) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    const id = idOf(params.id, thing)
    await requirePermission(request, 'letters-show')
    return apiSuccess(message, await get(id))
  }

// ---------------------------------------------------------------------------------------------------------------
// Letter types (staff)

/** `GET /api/admin/letter-types` (letters-index), `POST` (letters-create). */
export const letterTypesApi = byMethod({
  GET: async ({ request }) => {
    await requirePermission(request, 'letters-index')
    const url = new URL(request.url)
    const page = await listLetterTypes(parseListQuery(url.searchParams, ADMIN_PAGE_SIZE), url.pathname)
    return apiSuccess('List Data Letter Types', page)
  },
  POST: async ({ request }) => {
    const user = await requirePermission(request, 'letters-create')
    const type = await createLetterType(await readJsonObject(request))
    await noteLetters(request, user, 'create', type.id, type.name)
    return apiSuccess('Letter type created successfully', type, 201)
  },
})

/** `GET/PUT/DELETE /api/admin/letter-types/{id}` (letters-show, letters-update, letters-delete). */
export const letterTypeApi = byMethod({
  GET: showOne('Letter type', 'Detail Data Letter Type', getLetterType),
  PUT: async ({ request, params }) => {
    const id = idOf(params.id, 'Letter type')
    const user = await requirePermission(request, 'letters-update')
    const type = await updateLetterType(id, await readJsonObject(request))
    await noteLetters(request, user, 'update', id, type.name)
    return apiSuccess('Letter type updated successfully', type)
  },
  DELETE: async ({ request, params }) => {
    const id = idOf(params.id, 'Letter type')
    const user = await requirePermission(request, 'letters-delete')
    const gone = await deleteLetterType(id)
    await noteLetters(request, user, 'delete', id, gone.name)
    return apiSuccess('Letter type deleted successfully', null)
  },
})

// ---------------------------------------------------------------------------------------------------------------
// Requests (staff)

/** `GET /api/admin/letter-requests?page&search&status&letter_type` (letters-index). */
export const letterRequestsApi = byMethod({
  GET: async ({ request }) => {
    await requirePermission(request, 'letters-index')
    const url = new URL(request.url)
    const query = parseListQuery(url.searchParams, ADMIN_PAGE_SIZE)
    return apiSuccess('List Data Letter Requests', await listLetterRequests(query, url.pathname, url.searchParams))
  },
})

/** `GET /api/admin/letter-requests/{id}` (letters-show), `PUT` `{status, note?}` (letters-update). */
export const letterRequestApi = byMethod({
  GET: showOne('Letter request', 'Detail Data Letter Request', getLetterRequest),
  PUT: async ({ request, params }) => {
    const id = idOf(params.id, 'Letter request')
    const user = await requirePermission(request, 'letters-update')
    const updated = await updateLetterRequest(id, await readJsonObject(request), actorOf(request, user))
    return apiSuccess('Letter request updated successfully', updated)
  },
})

/** `POST /api/admin/letter-requests/{id}/issue` (letters-create): 201 the letter. */
export const issueRequestApi = byMethod({
  POST: async ({ request, params }) => {
    const user = await requirePermission(request, 'letters-create')
    const id = idOf(params.id, 'Letter request')
    if (request.body) discardRest(bodyStream(request))
    const letter = await issueLetterForRequest(id, siteUrl(request), user, actorOf(request, user))
    return apiSuccess('Letter issued successfully', letter, 201)
  },
})

/** A stored private file as a download: never cached, never sniffed by the browser. */
async function privateFile(kind: typeof LETTER_FILES_KIND, file: string, type: string, downloadName: string) {
  const stored = await storage().stream(kind, file)
  if (!stored) throw notFound('File')
  const safeName = downloadName.replace(/[^\w.()\- ]+/g, '_').slice(0, 150) || 'lampiran'
  return new Response(Readable.toWeb(stored.body as Readable) as unknown as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': type,
      'Content-Length': String(stored.size),
      'Content-Disposition': `attachment; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(downloadName)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

/** `GET /api/admin/letter-requests/{id}/attachments/{attachment_id}` (letters-show). */
export const attachmentApi = byMethod({
  GET: async ({ request, params }) => {
    await requirePermission(request, 'letters-show')
    const found = await letterAttachment(idOf(params.id, 'Attachment'), idOf(params.attachmentId, 'Attachment'))
    if (!found) throw notFound('Attachment')
    return privateFile(LETTER_FILES_KIND, found.file, found.type, found.name)
  },
})

// ---------------------------------------------------------------------------------------------------------------
// The register (staff)

/** `GET /api/admin/letters?page&year&search` (letters-index), `POST` a walk-in letter (letters-create). */
export const lettersApi = byMethod({
  GET: async ({ request }) => {
    await requirePermission(request, 'letters-index')
    const url = new URL(request.url)
    const query = parseListQuery(url.searchParams, ADMIN_PAGE_SIZE)
    const year = yearOf(url.searchParams.get('year'))
    return apiSuccess('List Data Letters', await listLetters(query, url.pathname, siteUrl(request), year))
  },
  POST: async ({ request }) => {
    const user = await requirePermission(request, 'letters-create')
    const letter = await issueWalkInLetter(
      await readJsonObject(request),
      siteUrl(request),
      user,
      actorOf(request, user),
    )
    return apiSuccess('Letter issued successfully', letter, 201)
  },
})

/** `GET /api/admin/letters.csv?year` (letters-index): the register as CSV. */
export const lettersCsvApi = byMethod({
  GET: async ({ request }) => {
    await requirePermission(request, 'letters-index')
    const year = yearOf(new URL(request.url).searchParams.get('year'))
    return new Response(await lettersCsv(year), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="surat-keluar${year ? `-${year}` : ''}.csv"`,
        'Cache-Control': 'private, no-store',
      },
    })
  },
})

/** `GET /api/admin/letters/{id}/pdf` (letters-show). */
export const letterPdfApi = byMethod({
  GET: async ({ request, params }) => {
    await requirePermission(request, 'letters-show')
    const found = await letterPdfFile(idOf(params.id, 'Letter'))
    if (!found) throw notFound('Letter PDF')
    return privateFile(LETTER_FILES_KIND, found.file, 'application/pdf', letterFileName(found.number))
  },
})

/** `POST /api/admin/letters/{id}/revoke` `{reason}` (letters-update). */
export const revokeLetterApi = byMethod({
  POST: async ({ request, params }) => {
    const user = await requirePermission(request, 'letters-update')
    const id = idOf(params.id, 'Letter')
    const letter = await revokeLetter(id, await readJsonObject(request), siteUrl(request), actorOf(request, user))
    return apiSuccess('Letter revoked successfully', letter)
  },
})

// ---------------------------------------------------------------------------------------------------------------
// The public

/** `GET /api/public/letter-types`: the active types. */
export const publicLetterTypesApi = byMethod({
  GET: async ({ request }) => {
    return publicApiSuccess(request, 'List Data Letter Types', await publicLetterTypes())
  },
})

/** The input of a multipart (or JSON) request: its fields, and its `attachments` (up to 5 of 10 MB each). */
export async function withLetterInput<T>(request: Request, work: (input: Record<string, unknown>) => Promise<T>) {
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data'))
    return work(await readJsonObject(request, 'multipart/form-data (or application/json without a file)'))
  const body = await readMultipart(request, 'attachments', ATTACHMENT_MAX_MB, MAX_ATTACHMENTS)
  try {
    return await work({ ...body.fields, attachments: body.files })
  } finally {
    await body.cleanup()
  }
}

/** Refuses a filing from a client that has filed 5 requests in the last hour: 429 before the body is read. */
export async function checkLetterFilingThrottle(request: Request) {
  const refusal = await filingRefusal(clientKeyOf(request), Date.now(), 'letter requests')
  if (refusal) {
    if (request.body) discardRest(bodyStream(request))
    throw refusal
  }
}

/** Files a request, counted for its client in the step that writes it (a refused filing is not counted). */
export const fileAndCountLetter = (request: Request, input: Record<string, unknown>) =>
  fileLetterRequest(input, (write) => countedFiling(clientKeyOf(request), write, Date.now(), 'letter requests'))

/** `POST /api/public/letter-requests` (multipart, or JSON without attachments). */
export const fileLetterRequestApi = byMethod({
  POST: async ({ request }) => {
    await checkLetterFilingThrottle(request)
    const filed = await withLetterInput(request, (input) => fileAndCountLetter(request, input))
    return apiSuccess('Letter request submitted successfully', filed, 201)
  },
})

/** The lookup of both doors, counted in the reports' lookup throttle (a wrong code is an unknown ticket's 404). */
export const lookUpLetterRequest = (request: Request, ticket: string, code: string) =>
  countedLookup(clientKeyOf(request), () => trackLetterRequest(ticket, code, siteUrl(request)))

/** The correction of both doors (the caller has checked the code through `lookUpLetterRequest` first). */
export async function correctLetter(request: Request, ticket: string, code: string, input: Record<string, unknown>) {
  await correctLetterRequest(ticket, code, input)
  return trackLetterRequest(ticket, code, siteUrl(request))
}

/** `GET /api/public/letter-requests/{ticket}?code=` and `PUT` (a correction, in `perlu_perbaikan` only). */
const trackingOf = (request: Request, ticket?: string) => ({
  code: new URL(request.url).searchParams.get('code') ?? '',
  ticket: ticket ?? '',
})

export const trackLetterRequestApi = byMethod({
  GET: async ({ request, params }) => {
    const { code, ticket } = trackingOf(request, params.ticket)
    const tracked = await lookUpLetterRequest(request, ticket, code)
    return apiSuccess('Detail Data Letter Request', tracked, 200, { 'Cache-Control': 'no-store' })
  },
  PUT: async ({ request, params }) => {
    const { code, ticket } = trackingOf(request, params.ticket)
    try {
      await lookUpLetterRequest(request, ticket, code)
    } catch (error) {
      if (request.body) discardRest(bodyStream(request))
      throw error
    }
    const corrected = await withLetterInput(request, (input) => correctLetter(request, ticket, code, input))
    return apiSuccess('Letter request corrected successfully', corrected, 200, { 'Cache-Control': 'no-store' })
  },
})
