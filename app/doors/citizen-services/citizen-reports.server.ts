import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import { requirePermission } from '~/auth/session.server'
import { clientKeyOf } from '~/utils/client-key.server'
import {
  fileReport,
  listPublicReports,
  respondToReport,
  trackReport,
  type FiledReport,
} from '~/models/citizen-services/report.server'
import { countedFiling, countedLookup, filingRefusal } from '~/models/citizen-services/report-throttle.server'
import { siteIdentity } from '~/models/site/site-identity.server'
import { parseId } from '~/models/site/crud.server'
import { withWriteInput } from '~/utils/api-input.server'
import { withFormInput, readSmallForm } from '~/utils/form-input.server'
import {
  apiSuccess,
  bodyStream,
  discardRest,
  handleApi,
  HttpError,
  notFound,
  readJsonObject,
  type FieldErrors,
} from '~/utils/http.server'
import { publicApiSuccess } from '~/public-reads/read-memo.server'
import {
  decisionLabel,
  isOverdue,
  objectionPath,
  objectionReasonLabel,
  reportKindLabel,
  reportStatusLabel,
  trackingPath,
  whatsappShareLink,
} from '~/lib/reports'
import { trackObjection } from '~/models/citizen-services/objection.server'
import { nowMs } from '~/utils/clock.server'
import { IMAGE_MAX_MB } from '~/lib/upload-limits'
import { publicList } from '~/doors/site/public.server'
import {
  correctionFailure,
  isLetterTicket,
  trackLetterScreen,
  withCorrectionInput,
} from '~/doors/citizen-services/letter-screens.server'

const textOf = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '')

/**
 * The doors of citizens' reports (docs/api.md "Citizen reports"): the public API (file, track, the public list), the
 * staff's responses call, and the screens `/layanan` and `/layanan/lacak`. Both doors of a filing and of a lookup
 * take the same throttle (decisions 048 and 060): a client already throttled is refused before the body is read, and
 * the deciding count is taken in the serialised step that writes the filing or counts the failed lookup.
 */

/** Refuses a filing from a client that has filed 5 reports in the last hour: 429 before the body is read. */
export async function checkFilingThrottle(request: Request) {
  const refusal = await filingRefusal(clientKeyOf(request))
  if (refusal) {
    if (request.body) discardRest(bodyStream(request))
    throw refusal
  }
}

/** Files a report, counted for its client in the step that writes it (a refused filing is not counted). */
const fileAndCount = (request: Request, input: Record<string, unknown>) =>
  fileReport(input, (write) => countedFiling(clientKeyOf(request), write))

/** `GET /api/public/reports?page`: the reports staff made public, newest first. */
export const publicReportsApi = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(request, async () =>
    publicApiSuccess(request, 'List Data Reports', await publicList(request, context, listPublicReports)),
  )

/** `POST /api/public/reports` (JSON, or multipart with an optional `image`). */
export const fileReportApi = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    await checkFilingThrottle(request)
    const filed = await withWriteInput(request, 'multipart', (input) => fileAndCount(request, input))
    return apiSuccess('Report submitted successfully', filed, 201)
  })

/**
 * The lookup of both doors: the report when the code is its own, else the same 404 as for an unknown ticket, which
 * counts toward the lookup throttle.
 */
export const lookUp = (request: Request, ticket: string, code: string) =>
  countedLookup(clientKeyOf(request), () => trackReport(ticket, code))

/** `GET /api/public/reports/{ticket}?code=`: never cached (the answer is the citizen's alone). */
export const trackReportApi = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const code = new URL(request.url).searchParams.get('code') ?? ''
    return apiSuccess('Detail Data Report', await lookUp(request, params.ticket ?? '', code))
  })

/** `POST /api/admin/reports/{id}/responses` `{message}` (reports-update). */
export const respondApi = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    const user = await requirePermission(request, 'reports-update')
    const id = parseId(params.id)
    if (id === null) throw notFound('Report')
    const input = await readJsonObject(request)
    const report = await respondToReport(id, input, user, actorOf(request, user))
    return apiSuccess('Response added successfully', report, 201)
  })

// ---------------------------------------------------------------------------------------------------------------
// The screens

/** A report as the public list of /layanan and the tracking page show it. */
const shown = (report: {
  ticket: string
  kind: string
  subject: string
  message: string
  status: string
  created_at: Date
  due_at: Date | null
  decision?: string | null
  decision_reason?: string
  extended_at?: Date | null
  responses: { message: string; created_at: Date }[]
}) => {
  const overdue = isOverdue(report, nowMs())
  return {
    ...report,
    kind_label: reportKindLabel(report.kind),
    status_label: reportStatusLabel(report.status),
    decision_label: decisionLabel(report.decision),
    overdue,
    // A refused or late information request may be objected to (docs/api.md "Public information, the whole cycle").
    objection_url:
      report.kind === 'permohonan_informasi' && (report.decision === 'ditolak' || overdue)
        ? objectionPath(report.ticket)
        : null,
  }
}

export type ShownReport = ReturnType<typeof shown>

/** `/layanan`: the form, then the public reports (`?page`). */
export async function layananLoader({ request, context }: LoaderFunctionArgs) {
  const page = await publicList(request, context, listPublicReports)
  return { reports: page.data.map(shown), current_page: page.current_page, last_page: page.last_page }
}

export type FilingResult =
  | { errors: FieldErrors; filed?: undefined }
  | { errors: null; filed: FiledReport & { kind_label: string; tracking_url: string; share_url: string } }

/** The form of /layanan: the same filing as the API, its ticket and code shown once, with a WhatsApp share link. */
export async function layananAction({ request }: ActionFunctionArgs) {
  try {
    await checkFilingThrottle(request)
    const filed = await withFormInput(request, (input) => fileAndCount(request, input))
    const site = await siteIdentity(request)
    const trackingUrl = `${site.url.replace(/\/+$/, '')}${trackingPath(filed.ticket)}`
    const share = whatsappShareLink(
      `Laporan saya ke ${site.name}: nomor tiket ${filed.ticket}. Lacak di ${trackingUrl}`,
    )
    return data<FilingResult>(
      {
        errors: null,
        filed: { ...filed, kind_label: reportKindLabel(filed.kind), tracking_url: trackingUrl, share_url: share },
      },
      { headers: { 'Cache-Control': 'no-store' } },
    )
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      const errors =
        error.status === 429
          ? { Error: 'Terlalu banyak laporan dari alamat ini dalam satu jam. Silakan coba lagi nanti.' }
          : error.status === 413
            ? { Image: `Foto terlalu besar (paling besar ${IMAGE_MAX_MB} MB).` }
            : (error.errors ?? { Error: error.message })
      return data<FilingResult>({ errors }, { status: error.status, headers: error.headers })
    }
    throw error
  }
}

/** `/layanan/lacak`: the ticket from `?tiket=` (a shared link), the code never. */
export function lacakLoader({ request }: LoaderFunctionArgs) {
  return { ticket: (new URL(request.url).searchParams.get('tiket') ?? '').slice(0, 40) }
}

export type TrackingResult =
  { ticket: string; report: ShownReport; error: null } | { ticket: string; report: null; error: string }

/**
 * The tracking form (POST: the code never appears in an address or a log line). An `SRT-` ticket is a letter
 * request's (docs/api.md "Letters": `/layanan/lacak` takes them too), and a multipart POST is its correction form.
 */
export async function lacakAction({ request }: ActionFunctionArgs) {
  if ((request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    return withCorrectionInput(request, (input) =>
      trackLetterScreen(request, textOf(input.tiket, 40), textOf(input.kode, 100), input),
    ).catch(correctionFailure)
  const form = await readSmallForm(request, 16 * 1024)
  const ticket = (form?.get('tiket') ?? '').trim().slice(0, 40)
  const code = (form?.get('kode') ?? '').trim().slice(0, 100)
  if (isLetterTicket(ticket)) return trackLetterScreen(request, ticket, code)
  try {
    const report = /^KBR-/i.test(ticket)
      ? await countedLookup(clientKeyOf(request), () => trackObjection(ticket, code)).then((objection) => ({
          ...objection,
          kind: 'keberatan',
          subject: objectionReasonLabel(objection.reason),
          message: objection.request_ticket
            ? `Atas permohonan ${objection.request_ticket}:\n${objection.message}`
            : objection.message,
        }))
      : await lookUp(request, ticket, code)
    return data<TrackingResult>(
      { ticket, report: shown(report), error: null },
      { headers: { 'Cache-Control': 'no-store' } },
    )
  } catch (error) {
    if (error instanceof HttpError && error.status === 429)
      return data<TrackingResult>(
        { ticket, report: null, error: 'Terlalu banyak percobaan. Silakan coba lagi beberapa menit lagi.' },
        { status: 429, headers: error.headers },
      )
    if (error instanceof HttpError && error.status === 404)
      return data<TrackingResult>(
        { ticket, report: null, error: 'Nomor tiket atau kode pelacakan tidak cocok.' },
        { status: 404 },
      )
    throw error
  }
}

/** The loader or action of a reports API route for the methods it does not take. */
export const reportsMethodNotAllowed = ({ request }: { request: Request }) =>
  handleApi(request, async () => {
    throw new HttpError(405, 'Method Not Allowed')
  })
