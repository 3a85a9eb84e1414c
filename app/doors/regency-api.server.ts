import fs from 'node:fs'
import { Readable } from 'node:stream'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/session.server'
import { ADMIN_PAGE_SIZE, parseListQuery, PUBLIC_PAGE_SIZE } from '~/lib/paging'
import {
  createVillage,
  deleteVillage,
  exportVillage,
  importVillage,
  MAX_IMPORT_MB,
  listVillages,
  regencyNews,
  REGENCY_PERMISSION,
  updateVillage,
} from '~/models/regency.server'
import { REGENCY } from '~/models/villages.server'
import { apiCall, apiSuccess, forbidden, handleApi, HttpError, notFound, readJsonObject } from '~/utils/http.server'
import { actorOf } from '~/auth/actor.server'
import { recordActivity } from '~/models/activity.server'
import { parseId } from '~/models/crud.server'
import {
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from '~/models/announcement.server'
import { scopeKey } from '~/utils/village-scope.server'
import { readMultipart } from '~/utils/upload-pipeline.server'

/**
 * `/api/regency/*` (docs/api.md "Many villages in one install"): only at the regency host, only for a regency
 * account (`regency-admin`). At a village's host these addresses do not exist (404), whoever asks.
 */
async function requireRegencyAdmin(request: Request) {
  if (scopeKey() !== REGENCY) throw new HttpError(404, 'Not found')
  const user = await requireUser(request)
  if (user.permissions[REGENCY_PERMISSION] !== true) throw forbidden()
  return user
}

/** GET /api/regency/villages?page&search&limit */
export const villagesApi = apiCall('GET', async ({ request }: LoaderFunctionArgs) => {
  await requireRegencyAdmin(request)
  const url = new URL(request.url)
  return apiSuccess(
    'List Data Villages',
    await listVillages(parseListQuery(url.searchParams, ADMIN_PAGE_SIZE), url.pathname),
  )
})

/** POST /api/regency/villages (JSON) {slug, name, domains?, demo?} */
export const villageCreateApi = apiCall('POST', async ({ request }: ActionFunctionArgs) => {
  await requireRegencyAdmin(request)
  const village = await createVillage(await readJsonObject(request), new URL(request.url))
  return apiSuccess('Village created successfully!', village, 201)
})

/** PUT and DELETE /api/regency/villages/{id} */
export const villageApi = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'PUT' && request.method !== 'DELETE') throw new HttpError(405, 'Method Not Allowed')
    await requireRegencyAdmin(request)
    const id = params.id ?? ''
    if (request.method === 'DELETE') return apiSuccess('Village deleted successfully!', await deleteVillage(id))
    return apiSuccess('Village updated successfully!', await updateVillage(id, await readJsonObject(request)))
  })

/** A GET of /api/regency/villages/{id}: no such call (405), at the regency host only. */
export const villageReadApi = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    await requireRegencyAdmin(request)
    throw new HttpError(405, 'Method Not Allowed')
  })

/** GET /api/regency/public/posts?page&search: the news of every active village together (no authentication). */
export const regencyNewsApi = apiCall('GET', async ({ request }: LoaderFunctionArgs) => {
  if (scopeKey() !== REGENCY) throw new HttpError(404, 'Not found')
  const url = new URL(request.url)
  const query = parseListQuery(url.searchParams, PUBLIC_PAGE_SIZE)
  return apiSuccess('List Data Posts', await regencyNews(query, url.pathname, url))
})

/**
 * `/api/regency/announcements[/{id}]`: the regency's own announcements, kept in its database and shown on every active
 * village's site (docs/api.md). A village's admin API reads its own database only: it knows no such id.
 */
export const regencyAnnouncementsApi = ({ request }: LoaderFunctionArgs | ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST')
      throw new HttpError(405, 'Method Not Allowed')
    const user = await requireRegencyAdmin(request)
    if (request.method === 'POST') {
      const created = await createAnnouncement(await readJsonObject(request))
      await recordActivity({
        actor: actorOf(request, user),
        action: 'create',
        resource: 'announcements',
        resourceId: created.id,
        summary: created.title,
      })
      return apiSuccess('Announcement created successfully!', created, 201)
    }
    const url = new URL(request.url)
    const page = await listAnnouncements(parseListQuery(url.searchParams, ADMIN_PAGE_SIZE), url.pathname)
    return apiSuccess('List Data Announcements', page)
  })

export const regencyAnnouncementApi = ({ request, params }: LoaderFunctionArgs | ActionFunctionArgs) =>
  handleApi(request, async () => {
    const user = await requireRegencyAdmin(request)
    const id = parseId(params.id)
    if (id === null) throw notFound('Announcement')
    if (request.method === 'GET' || request.method === 'HEAD')
      return apiSuccess('Detail Data Announcement', await getAnnouncement(id))
    if (request.method === 'PUT') {
      const updated = await updateAnnouncement(id, await readJsonObject(request))
      await recordActivity({
        actor: actorOf(request, user),
        action: 'update',
        resource: 'announcements',
        resourceId: id,
        summary: updated.title,
      })
      return apiSuccess('Announcement updated successfully!', updated)
    }
    if (request.method === 'DELETE') {
      const existing = await getAnnouncement(id)
      await deleteAnnouncement(id)
      await recordActivity({
        actor: actorOf(request, user),
        action: 'delete',
        resource: 'announcements',
        resourceId: id,
        summary: existing.title,
      })
      return apiSuccess('Announcement deleted successfully!', null)
    }
    throw new HttpError(405, 'Method Not Allowed')
  })

/** GET /api/regency/villages/{id}/export: the village as a `.tar.gz` in the format of `npm run backup`. */
export const villageExportApi = apiCall('GET', async ({ request, params }: LoaderFunctionArgs) => {
  await requireRegencyAdmin(request)
  const exported = await exportVillage(params.id ?? '')
  const stream = fs.createReadStream(exported.file)
  stream.once('close', exported.done)
  const stamp = new Date().toISOString().slice(0, 10).replaceAll('-', '')
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Length': String(exported.size),
      'Content-Disposition': `attachment; filename="balai-desa-${exported.village.slug}-${stamp}.tar.gz"`,
      'Cache-Control': 'no-store',
    },
  })
})

/** POST /api/regency/villages/import: multipart `slug`, `name`, `file` (an archive of `npm run backup` or the export). */
export const villageImportApi = apiCall('POST', async ({ request }: ActionFunctionArgs) => {
  await requireRegencyAdmin(request)
  const body = await readMultipart(request, 'file', MAX_IMPORT_MB)
  try {
    return apiSuccess('Village imported successfully!', await importVillage(body, new URL(request.url)), 201)
  } finally {
    await body.cleanup()
  }
})
