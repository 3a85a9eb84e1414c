import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { redirectWithError, redirectWithSuccess } from 'remix-toast'
import { actorOf } from '~/auth/actor.server'
import type { Actor } from '~/models/accounts/activity.server'
import { requirePermission } from '~/auth/session.server'
import { parseId } from '~/models/site/crud.server'
import { createPreviewLink, revokePreviewLink } from '~/models/content/preview-link.server'
import { findResource, type AdminResource } from '~/models/site/resources.server'
import { restoreRevision } from '~/models/content/revision-restore.server'
import { getRevision, listRevisions, listRevisionsWithFields } from '~/models/content/revision.server'
import { siteUrl } from '~/models/site/site-identity.server'
import { permissionsOf } from '~/resources/resource'
import { revisionDiff, type FieldDiff } from '~/lib/word-diff'
import { apiCall, apiSuccess, handleApi, HttpError, notFound } from '~/utils/http.server'

export { methodNotAllowed } from '~/utils/http.server'

/**
 * Revisions and preview links (docs/api.md "Revisions and preview links"): the calls of `/api/admin/{resource}/{id}/
 * revisions...` and `/preview-link`, and the edit screen's `Riwayat` and `Bagikan Pratinjau`
 * (`/admin/{resource}/{id}/revisions`). Only the resources declared with `revisions: true`; every call needs the
 * resource's `-update` or `-edit` (the screen: `-edit`).
 */

type Args = LoaderFunctionArgs | ActionFunctionArgs

/** The resource with revisions of the address, or the API's 404. */
function resourceOf(name: string | undefined): AdminResource {
  const resource = findResource(name)
  if (!resource?.revisions) throw new HttpError(404, 'Not found')
  return resource
}

/** The checked caller, the resource and the existing record's id (`{Thing} not found` otherwise). */
async function recordOf({ request, params }: Args, screen = false) {
  const resource = resourceOf(params.resource)
  const permissions = permissionsOf(resource)
  const user = await requirePermission(request, screen ? permissions.edit! : permissions.update!)
  const id = parseId(params.id)
  if (id === null) throw notFound(resource.thing)
  const record = (await resource.get!(id)) as Record<string, unknown>
  return { resource, user, id, record, actor: actorOf(request, user) }
}

/** GET /api/admin/{resource}/{id}/revisions: newest first, without their fields. */
export const revisionsApi = apiCall<LoaderFunctionArgs>('GET', async (args) => {
  const { resource, id } = await recordOf(args)
  return apiSuccess(`List Data Revisions`, await listRevisions(resource, id))
})

/** GET /api/admin/{resource}/{id}/revisions/{rev}: with `fields`, the record as it was before that update. */
export const revisionApi = apiCall<LoaderFunctionArgs>('GET', async (args) => {
  const { resource, id } = await recordOf(args)
  return apiSuccess(`Detail Data Revision`, await getRevision(resource, id, args.params.rev))
})

/** POST /api/admin/{resource}/{id}/revisions/{rev}/restore: the item as restored. */
export const restoreApi = apiCall('POST', async (args) => {
  const { resource, id, user, actor } = await recordOf(args)
  const restored = await restoreRevision(resource, id, args.params.rev, user, actor)
  return apiSuccess(`${resource.thing} restored successfully`, restored)
})

/** POST /api/admin/{resource}/{id}/preview-link (201 {url, expires_at}); DELETE revokes it. */
export const previewLinkApi = (args: Args) =>
  handleApi(args.request, async () => {
    const method = args.request.method
    if (method !== 'POST' && method !== 'DELETE') throw new HttpError(405, 'Method Not Allowed')
    const { resource, id, actor } = await recordOf(args)
    if (method === 'DELETE') {
      await revokePreviewLink(resource, id, actor)
      return apiSuccess('Preview link revoked', null)
    }
    return apiSuccess('Preview link created', await createPreviewLink(resource, id, siteUrl(args.request), actor), 201)
  })

/** A revision as the edit screen's `Riwayat` lists it: with how it differs from the record now. */
export type RevisionEntry = Awaited<ReturnType<typeof listRevisions>>[number] & { diff: FieldDiff[] }

/** The screen's calls answer 404 as a page would. */
async function onScreen<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw new Response('Not Found', { status: 404 })
    throw error
  }
}

/** GET /admin/{resource}/{id}/revisions: the edit screen's `Riwayat` (each revision against the current record). */
export const revisionsScreenLoader = (args: LoaderFunctionArgs) =>
  onScreen(async () => {
    const { resource, id, record } = await recordOf(args, true)
    const entries: RevisionEntry[] = (await listRevisionsWithFields(resource, id)).map(({ fields, ...revision }) => ({
      ...revision,
      diff: revisionDiff(resource.fields, fields, record),
    }))
    return data({ revisions: entries }, { headers: { 'Cache-Control': 'no-store' } })
  })

/** The panel's answer: the new link, a revocation, or why the record may have no link (`refused`). */
export type PreviewLinkAnswer = {
  link: { url: string; expires_at: Date | string } | null
  revoked?: true
  refused?: string
}

/** Why the panel gets no link for a record its resource refuses one (an exempt document), in the screen's words. */
const PREVIEW_REFUSED: Record<string, string> = {
  Information_class:
    'Dokumen yang dikecualikan tidak dapat dibagikan lewat tautan pratinjau. Tautan pratinjau sebelumnya (jika ada) ' +
    'sudah tidak berlaku.',
}

/** A new link for the panel, or the refusal it shows instead (a 422 of the resource's `previewRefusal`). */
async function previewForScreen(resource: AdminResource, id: number, request: Request, actor: Actor) {
  try {
    return data<PreviewLinkAnswer>({ link: await createPreviewLink(resource, id, siteUrl(request), actor) })
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 422) throw error
    const keys = Object.keys(error.errors ?? {})
    const refused = keys.map((key) => PREVIEW_REFUSED[key] ?? error.errors![key]).join(' ')
    // The panel's fetcher reads the answer of this resource route as data: the refusal is in it, not in a status.
    return data<PreviewLinkAnswer>({ link: null, refused: refused || 'Tautan pratinjau tidak dapat dibuat.' })
  }
}

/**
 * POST /admin/{resource}/{id}/revisions: `intent` `restore` (with `revision`: back to the edit screen with a toast, a
 * refusal such as a deleted category as an error toast naming the field), `preview` (a new preview link, answered
 * as JSON for the panel; for a record that may have none, `refused` saying why) or `revoke-preview`.
 */
export const revisionsScreenAction = (args: ActionFunctionArgs) =>
  onScreen(async () => {
    const { resource, id, user, actor } = await recordOf(args, true)
    const form = await args.request.formData()
    const intent = form.get('intent')
    const edit = `/admin/${resource.name}/edit/${id}`
    if (intent === 'preview') return previewForScreen(resource, id, args.request, actor)
    if (intent === 'revoke-preview') {
      await revokePreviewLink(resource, id, actor)
      return data<PreviewLinkAnswer>({ link: null, revoked: true })
    }
    if (intent !== 'restore') throw new HttpError(404, 'Not found')
    try {
      await restoreRevision(resource, id, String(form.get('revision') ?? ''), user, actor)
    } catch (error) {
      if (!(error instanceof HttpError) || error.status === 404 || error.status >= 500) throw error
      const reasons = Object.entries(error.errors ?? {}).map(([key, message]) => `${key}: ${message}`)
      return redirectWithError(edit, { message: ['Revisi tidak dapat dipulihkan', ...reasons].join('. ') })
    }
    return redirectWithSuccess(edit, { message: 'Revisi dipulihkan!', duration: 3000 })
  })
