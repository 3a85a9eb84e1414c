import { Readable } from 'node:stream'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { jsonWithError, jsonWithSuccess, redirectWithSuccess } from 'remix-toast'
import { actorOf } from '~/auth/actor.server'
import { can, requirePermission } from '~/auth/session.server'
import {
  REPORT_PHOTO_KIND,
  getReport,
  parseReportFilters,
  reportPhoto,
  respondToReport,
} from '~/models/citizen-services/report.server'
import { findResource, writeResource } from '~/models/site/resources.server'
import { readFormFields } from '~/utils/form-input.server'
import { HttpError, type FieldErrors } from '~/utils/http.server'
import { logError } from '~/utils/error-log.server'
import { nowMs } from '~/utils/clock.server'
import { getEnv } from '~/utils/config.server'
import { storage } from '~/utils/upload-pipeline.server'
import { ADMIN_PAGE_SIZE, parseListQuery, type Paginated } from '~/lib/paging'
import { writeToast } from '~/resources/resource'
import { routeId } from '~/doors/site/admin.server'
import { orNotFound } from '~/doors/site/door-kit.server'

/**
 * The admin inbox of citizens' reports, Laporan Warga (docs/api.md "Screens of the new kinds"): the list with its
 * filters (status, kind) at /admin/reports and a report's screen at /admin/reports/{id} (the citizen's contact, the
 * status, the public switch, the responses, delete). Every change goes through the same model calls as the API's.
 */

const reports = () => findResource('reports')!

export type InboxRow = {
  id: number
  ticket: string
  kind: string
  subject: string
  name: string
  status: string
  public: boolean
  due_at: string | Date | null
  created_at: string | Date
}

export type InboxLoad = {
  page: Paginated<InboxRow> | null
  failed: boolean
  search: string
  status: string
  kind: string
  now: number
}

export async function inboxLoader({ request }: LoaderFunctionArgs): Promise<InboxLoad> {
  await requirePermission(request, 'reports-index')
  const url = new URL(request.url)
  const query = parseListQuery(url.searchParams, ADMIN_PAGE_SIZE)
  const filters = parseReportFilters(url.searchParams)
  const base = { search: query.search, status: filters.status ?? '', kind: filters.kind ?? '', now: nowMs() }
  try {
    const page = (await reports().list(query, url.pathname, undefined, url.searchParams)) as Paginated<InboxRow>
    return { ...base, page, failed: false }
  } catch (error) {
    if (error instanceof Response) throw error
    logError('admin-list-error', error, request, 'list failed')
    return { ...base, page: null, failed: true }
  }
}

/** A report's screen: the report (or the 404 screen), and what the user may do with it. */
export async function reportLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, 'reports-show')
  const id = routeId(params.id)
  return orNotFound(async () => ({
    report: await getReport(id),
    now: nowMs(),
    timeZone: getEnv().TZ,
    canUpdate: can(user, 'reports-update'),
    canDelete: can(user, 'reports-delete'),
  }))
}

export type ReportActionResult = { errors: FieldErrors | null }

/**
 * The report screen's forms, by `intent`: `status` (a new status), `public` (the switch), `respond` (a response),
 * each with reports-update; `delete` with reports-delete, back to the inbox.
 */
export async function reportAction({ request, params }: ActionFunctionArgs) {
  const id = routeId(params.id)
  const form = await readFormFields(request)
  const intent = form.get('intent')
  const resource = reports()
  if (intent === 'delete') {
    const user = await requirePermission(request, 'reports-delete')
    try {
      await writeResource(resource, user, actorOf(request, user), { action: 'delete', id })
    } catch (error) {
      if (error instanceof HttpError && error.status < 500)
        return jsonWithError<ReportActionResult>({ errors: null }, { message: error.message, duration: 3000 })
      throw error
    }
    return redirectWithSuccess('/admin/reports', { message: writeToast(resource, 'deleted'), duration: 3000 })
  }
  const user = await requirePermission(request, 'reports-update')
  try {
    if (intent === 'respond') {
      await respondToReport(id, { message: form.get('message') ?? '' }, user, actorOf(request, user))
    } else if (intent === 'status' || intent === 'public' || intent === 'decision' || intent === 'extend') {
      const input =
        intent === 'status'
          ? { status: form.get('status') ?? '' }
          : intent === 'decision'
            ? { decision: form.get('decision') ?? '', decision_reason: form.get('decision_reason') ?? '' }
            : intent === 'extend'
              ? { extend_reason: form.get('extend_reason') ?? '' }
              : { public: form.get('public') ?? '0' }
      await writeResource(resource, user, actorOf(request, user), { action: 'update', id, input })
    } else {
      throw new HttpError(400, 'Unknown action')
    }
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      if (error.errors && error.status === 422)
        return data<ReportActionResult>({ errors: error.errors }, { status: 422 })
      return jsonWithError<ReportActionResult>({ errors: null }, { message: error.message, duration: 3000 })
    }
    throw error
  }
  return jsonWithSuccess<ReportActionResult>(
    { errors: null },
    { message: writeToast(resource, 'updated'), duration: 3000 },
  )
}

const PHOTO_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
}

/** `/admin/reports/{id}/foto`: the citizen's photo, for staff only (it lives in the private area). */
export async function reportPhotoLoader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'reports-show')
  const name = await reportPhoto(routeId(params.id))
  const stored = name ? await storage().stream(REPORT_PHOTO_KIND, name) : null
  if (!name || !stored) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  return new Response(Readable.toWeb(stored.body as Readable) as unknown as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': PHOTO_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
      'Content-Length': String(stored.size),
      'Cache-Control': 'private, no-store',
    },
  })
}
