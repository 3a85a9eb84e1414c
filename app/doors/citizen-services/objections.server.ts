import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import { requirePermission } from '~/auth/session.server'
import { clientKeyOf } from '~/utils/client-key.server'
import { countedFiling } from '~/models/citizen-services/report-throttle.server'
import { parseId } from '~/models/site/crud.server'
import {
  fileObjection,
  getObjection,
  listObjections,
  respondToObjection,
  trackObjection,
  updateObjection,
  type FiledObjection,
} from '~/models/citizen-services/objection.server'
import { withFormInput } from '~/utils/form-input.server'
import { apiCall, apiSuccess, HttpError, notFound, readJsonObject, type FieldErrors } from '~/utils/http.server'
import { ADMIN_PAGE_SIZE, parseListQuery } from '~/lib/paging'
import { OBJECTION_REASON_TEXT, OBJECTION_REASONS } from '~/lib/reports'
import { checkFilingThrottle, lookUp as lookUpReport } from '~/doors/citizen-services/citizen-reports.server'
import { countedLookup } from '~/models/citizen-services/report-throttle.server'

/**
 * The doors of objections (docs/api.md "Public information, the whole cycle"; decision 077): the public API (file,
 * track), the staff's API (`/api/admin/objections`, the reports-* permissions) and the form of /ppid/keberatan.
 * Filing and tracking take the reports' throttle: an objection counts with the reports of its client.
 */

const fileAndCount = (request: Request, input: Record<string, unknown>) =>
  fileObjection(input, (write) => countedFiling(clientKeyOf(request), write))

/** `POST /api/public/objections` (JSON). */
export const fileObjectionApi = apiCall('POST', async ({ request }) => {
  await checkFilingThrottle(request)
  const input = await readJsonObject(request)
  return apiSuccess('Objection submitted successfully', await fileAndCount(request, input), 201)
})

/** An objection's lookup, counted toward the lookup throttle when it misses. */
export const lookUpObjection = (request: Request, ticket: string, code: string) =>
  countedLookup(clientKeyOf(request), () => trackObjection(ticket, code))

/** `GET /api/public/objections/{ticket}?code=`: never cached. */
export const trackObjectionApi = apiCall<LoaderFunctionArgs>('GET', async ({ request, params }) => {
  const code = new URL(request.url).searchParams.get('code') ?? ''
  const objection = await lookUpObjection(request, params.ticket ?? '', code)
  return apiSuccess('Detail Data Objection', objection, 200, { 'Cache-Control': 'no-store' })
})

const idOf = (raw: string | undefined) => {
  const id = parseId(raw)
  if (id === null) throw notFound('Objection')
  return id
}

/** `GET /api/admin/objections?page&status` (reports-index). */
export const objectionsApi = apiCall<LoaderFunctionArgs>('GET', async ({ request }) => {
  await requirePermission(request, 'reports-index')
  const url = new URL(request.url)
  const page = await listObjections(parseListQuery(url.searchParams, ADMIN_PAGE_SIZE), url.pathname, url.searchParams)
  return apiSuccess('List Data Objections', page)
})

/** `GET /api/admin/objections/{id}` (reports-show). */
export const objectionApi = apiCall<LoaderFunctionArgs>('GET', async ({ request, params }) => {
  await requirePermission(request, 'reports-show')
  return apiSuccess('Detail Data Objection', await getObjection(idOf(params.id)))
})

/** `PUT /api/admin/objections/{id}` `{status}` (reports-update). */
export const updateObjectionApi = apiCall('PUT', async ({ request, params }) => {
  const user = await requirePermission(request, 'reports-update')
  const id = idOf(params.id)
  const input = await readJsonObject(request)
  return apiSuccess('Objection updated successfully', await updateObjection(id, input, actorOf(request, user)))
})

/** `POST /api/admin/objections/{id}/responses` `{message}` (reports-update). */
export const respondObjectionApi = apiCall('POST', async ({ request, params }) => {
  const user = await requirePermission(request, 'reports-update')
  const id = idOf(params.id)
  const input = await readJsonObject(request)
  const objection = await respondToObjection(id, input, user, actorOf(request, user))
  return apiSuccess('Response added successfully', objection, 201)
})

// ---------------------------------------------------------------------------------------------------------------
// /ppid/keberatan

/** The seven grounds, in the law's order, each explained. */
export const objectionReasons = () => OBJECTION_REASONS.map((value) => ({ value, ...OBJECTION_REASON_TEXT[value] }))

/** `/ppid/keberatan`: the form, its request ticket from `?tiket=` (a link from the tracking page). */
export function keberatanLoader({ request }: LoaderFunctionArgs) {
  const ticket = (new URL(request.url).searchParams.get('tiket') ?? '').trim().slice(0, 40)
  return { ticket: /^PPID-\d{4}-\d{4,}$/i.test(ticket) ? ticket.toUpperCase() : '', reasons: objectionReasons() }
}

export type ObjectionFilingResult = { errors: FieldErrors; filed?: undefined } | { errors: null; filed: FiledObjection }

/** The form of /ppid/keberatan: the same filing as the API; its ticket and code shown once. */
export async function keberatanAction({ request }: ActionFunctionArgs) {
  try {
    await checkFilingThrottle(request)
    const filed = await withFormInput(request, (input) => fileAndCount(request, input))
    return data<ObjectionFilingResult>({ errors: null, filed }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      const errors =
        error.status === 429
          ? { Error: 'Terlalu banyak pengajuan dari alamat ini dalam satu jam. Silakan coba lagi nanti.' }
          : (error.errors ?? { Error: error.message })
      return data<ObjectionFilingResult>({ errors }, { status: error.status, headers: error.headers })
    }
    throw error
  }
}

/** The tracking page's lookup of either kind of ticket: `KBR-` an objection, else a report. */
export const lookUpAny = (request: Request, ticket: string, code: string) =>
  /^\s*KBR-/i.test(ticket)
    ? lookUpObjection(request, ticket, code).then((objection) => ({ objection, report: null }))
    : lookUpReport(request, ticket, code).then((report) => ({ report, objection: null }))

/** The loader or action of a route for the methods it does not take. */
export { methodNotAllowed } from '~/utils/http.server'
