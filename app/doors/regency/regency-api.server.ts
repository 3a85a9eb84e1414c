import { boundariesGeoJson, villageBoundaries } from '~/models/regency/regency-map.server'
import fs from 'node:fs'
import { Readable } from 'node:stream'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/session.server'
import { ADMIN_PAGE_SIZE, parseListQuery, PUBLIC_PAGE_SIZE, type ListQuery } from '~/lib/paging'
import {
  createVillage,
  deleteVillage,
  exportVillage,
  importVillage,
  maxImportMb,
  listVillages,
  regencyNews,
  REGENCY_PERMISSION,
  updateVillage,
} from '~/models/regency/regency.server'
import { REGENCY, villageById } from '~/models/regency/villages.server'
import { CAMAT_PERMISSION, kecamatanOf } from '~/models/regency/regency-users.server'
import { EVERY_VILLAGE, showVillage, type VillageReach } from '~/models/regency/regency.server'
import type { SessionUser } from '~/models/accounts/user.server'
import { apiCall, apiSuccess, forbidden, handleApi, HttpError, readJsonObject } from '~/utils/http.server'
import * as announcements from '~/models/content/announcement.server'
import { scopeKey } from '~/utils/village-scope.server'
import { publicApiSuccess } from '~/public-reads/read-memo.server'
import { readMultipart, type MultipartBody } from '~/utils/upload-pipeline.server'
import type { ActivityAction } from '~/lib/activity-actions'
import { idOf, noteActivity } from '~/doors/site/door-kit.server'

/**
 * `/api/regency/*` (docs/api.md "Many villages in one install"): only at the regency host, only for a regency
 * account (`regency-admin`). At a village's host these addresses do not exist (404), whoever asks.
 */

export async function requireRegencyAdmin(request: Request) {
  if (scopeKey('the regency API') !== REGENCY) throw new HttpError(404, 'Not found')
  const user = await requireUser(request)
  if (user.permissions[REGENCY_PERMISSION] !== true) throw forbidden()
  return user
}

/**
 * A regency account that may read the console's lists and figures (docs/api.md "The regency's data"): `kabupaten`
 * every village, `camat` its kecamatan's only (`reach`); any other account 403.
 */
export async function requireRegencyReader(request: Request): Promise<{ user: SessionUser; reach: VillageReach }> {
  if (scopeKey('the regency API') !== REGENCY) throw new HttpError(404, 'Not found')
  const user = await requireUser(request)
  if (user.permissions[REGENCY_PERMISSION] === true) return { user, reach: EVERY_VILLAGE }
  if (user.permissions[CAMAT_PERMISSION] !== true) throw forbidden()
  return { user, reach: { kecamatan: (await kecamatanOf(user.id)) ?? '' } }
}

type RegencyUser = { id: number; name: string }

/**
 * The two doors of one kind of the regency's own records (`regency-admin` only), named `one` (`User`): its messages
 * (`List Data Users`, `User created successfully!`...), its 404 (`User not found`) and the log's resource (`users`)
 * follow that name; `summaryOf` names a record in the log.
 * - `listApi`, GET (a page) and POST (JSON): any other method a 405, before the account is asked;
 * - `recordApi`, GET, PUT (JSON) and DELETE of `/{id}`: the account, then the id (404), then the method (405).
 */
export function regencyRecordDoors<R extends { id: number }>(
  one: string,
  summaryOf: (record: R) => string,
  model: {
    list: (query: ListQuery, path: string) => Promise<unknown>
    get: (id: number) => Promise<R>
    create: (input: Record<string, unknown>) => Promise<R>
    update: (id: number, input: Record<string, unknown>) => Promise<R>
    remove: (id: number, admin: SessionUser) => Promise<R>
  },
) {
  const resource = `${one.toLowerCase()}s`
  const note = (request: Request, admin: SessionUser, action: ActivityAction, record: R) =>
    noteActivity(request, admin, {
      action,
      resource,
      resourceId: record.id,
      summary: summaryOf(record),
    })
  const listApi = ({ request }: LoaderFunctionArgs | ActionFunctionArgs) =>
    handleApi(request, async () => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST')
        throw new HttpError(405, 'Method Not Allowed')
      const admin = await requireRegencyAdmin(request)
      if (request.method === 'POST') {
        const created = await model.create(await readJsonObject(request))
        await note(request, admin, 'create', created)
        return apiSuccess(`${one} created successfully!`, created, 201)
      }
      const url = new URL(request.url)
      return apiSuccess(
        `List Data ${one}s`,
        await model.list(parseListQuery(url.searchParams, ADMIN_PAGE_SIZE), url.pathname),
      )
    })
  const recordApi = ({ request, params }: LoaderFunctionArgs | ActionFunctionArgs) =>
    handleApi(request, async () => {
      const admin = await requireRegencyAdmin(request)
      const id = idOf(params.id, one)
      if (request.method === 'GET' || request.method === 'HEAD')
        return apiSuccess(`Detail Data ${one}`, await model.get(id))
      if (request.method === 'PUT') {
        const updated = await model.update(id, await readJsonObject(request))
        await note(request, admin, 'update', updated)
        return apiSuccess(`${one} updated successfully!`, updated)
      }
      if (request.method === 'DELETE') {
        const removed = await model.remove(id, admin)
        await note(request, admin, 'delete', removed)
        return apiSuccess(`${one} deleted successfully!`, null)
      }
      throw new HttpError(405, 'Method Not Allowed')
    })
  return { listApi, recordApi }
}

/** How the regency's log names a village: its name and slug (its id is not a number the log's column takes). */
const villageSummary = (village: { name: string; slug: string }) => `${village.name} (${village.slug})`

const logVillage = (
  request: Request,
  user: RegencyUser,
  action: ActivityAction,
  village: { name: string; slug: string },
  changes: string[] = [],
) => noteActivity(request, user, { action, resource: 'villages', summary: villageSummary(village), changes })

/**
 * The village writes of both of the regency's doors (this API and the console, app/doors/regency/regency-console.server.ts),
 * each logged in the regency's own activity log once it succeeded, one entry per write with the actions docs/api.md
 * lists: `create` (an import too), `update` (naming what changed of `name`, `domains` and `status`: a suspension or a
 * resumption shows as `status`), `delete`.
 */
export const villageWrites = {
  async create(request: Request, user: RegencyUser, input: Record<string, unknown>) {
    const village = await createVillage(input, new URL(request.url))
    await logVillage(request, user, 'create', village)
    return village
  },
  async update(request: Request, user: RegencyUser, id: string, input: Record<string, unknown>) {
    const before = villageById(id)
    const village = await updateVillage(id, input)
    const changes = (['name', 'domains', 'status', 'kode_wilayah', 'kecamatan'] as const).filter(
      (field) => JSON.stringify(before?.[field]) !== JSON.stringify(village[field]),
    )
    await logVillage(request, user, 'update', village, changes)
    return village
  },
  async remove(request: Request, user: RegencyUser, id: string) {
    const village = await deleteVillage(id)
    await logVillage(request, user, 'delete', village)
    return village
  },
  async import(request: Request, user: RegencyUser, body: MultipartBody) {
    const village = await importVillage(body, new URL(request.url))
    await logVillage(request, user, 'create', village)
    return village
  },
}

/** GET /api/regency/villages?page&search&limit&kecamatan (a camat: its kecamatan's only) */
export const villagesApi = apiCall('GET', async ({ request }: LoaderFunctionArgs) => {
  const { reach } = await requireRegencyReader(request)
  const url = new URL(request.url)
  const query = parseListQuery(url.searchParams, ADMIN_PAGE_SIZE)
  const kecamatan = (url.searchParams.get('kecamatan') ?? '').slice(0, 100)
  return apiSuccess('List Data Villages', await listVillages(query, url.pathname, kecamatan, reach))
})

/** POST /api/regency/villages (JSON) {slug, name, domains?, demo?} */
export const villageCreateApi = apiCall('POST', async ({ request }: ActionFunctionArgs) => {
  const user = await requireRegencyAdmin(request)
  const village = await villageWrites.create(request, user, await readJsonObject(request))
  return apiSuccess('Village created successfully!', village, 201)
})

/** PUT and DELETE /api/regency/villages/{id} */
export const villageApi = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'PUT' && request.method !== 'DELETE') throw new HttpError(405, 'Method Not Allowed')
    const user = await requireRegencyAdmin(request)
    const id = params.id ?? ''
    if (request.method === 'DELETE') {
      // Every delete answers `data: null` (docs/api.md "Envelope").
      await villageWrites.remove(request, user, id)
      return apiSuccess('Village deleted successfully!', null)
    }
    const input = await readJsonObject(request)
    return apiSuccess('Village updated successfully!', await villageWrites.update(request, user, id, input))
  })

/** GET /api/regency/villages/{id}: the village as in the list; one outside a camat's kecamatan is 404. */
export const villageReadApi = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpError(405, 'Method Not Allowed')
    const { reach } = await requireRegencyReader(request)
    return apiSuccess('Detail Data Village', await showVillage(params.id ?? '', reach))
  })

/** GET /api/regency/public/posts?page&search: the news of every active village together (no authentication). */
export const regencyNewsApi = apiCall('GET', async ({ request }: LoaderFunctionArgs) => {
  if (scopeKey('the regency API') !== REGENCY) throw new HttpError(404, 'Not found')
  const url = new URL(request.url)
  const query = parseListQuery(url.searchParams, PUBLIC_PAGE_SIZE)
  // Kept by the response cache until any village writes (decision 081), with an ETag as the villages' public API.
  return publicApiSuccess(request, 'List Data Posts', await regencyNews(query, url.pathname, url))
})

/**
 * `/api/regency/announcements[/{id}]`: the regency's own announcements, kept in its database and shown on every active
 * village's site (docs/api.md). A village's admin API reads its own database only: it knows no such id. GET, POST
 * /api/regency/announcements; GET, PUT, DELETE /api/regency/announcements/{id}.
 */
export const { listApi: regencyAnnouncementsApi, recordApi: regencyAnnouncementApi } = regencyRecordDoors(
  'Announcement',
  (announcement) => announcement.title,
  {
    list: announcements.listAnnouncements,
    get: announcements.getAnnouncement,
    create: announcements.createAnnouncement,
    update: announcements.updateAnnouncement,
    remove: async (id) => {
      const existing = await announcements.getAnnouncement(id)
      await announcements.deleteAnnouncement(id)
      return existing
    },
  },
)

/**
 * The village `id` as a `.tar.gz` in the format of `npm run backup`, streamed and removed once sent: the answer of the
 * API's export and of the console's `Ekspor` (a 404 HttpError for an unknown id).
 */
export async function villageArchive(id: string) {
  const exported = await exportVillage(id)
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
}

/** GET /api/regency/villages/{id}/export: the village as a `.tar.gz` in the format of `npm run backup`. */
export const villageExportApi = apiCall('GET', async ({ request, params }: LoaderFunctionArgs) => {
  await requireRegencyAdmin(request)
  return villageArchive(params.id ?? '')
})

/** POST /api/regency/villages/import: multipart `slug`, `name`, `file` (a `npm run backup` archive or an export). */
export const villageImportApi = apiCall('POST', async ({ request }: ActionFunctionArgs) => {
  const user = await requireRegencyAdmin(request)
  const body = await readMultipart(request, 'file', maxImportMb())
  try {
    return apiSuccess('Village imported successfully!', await villageWrites.import(request, user, body), 201)
  } finally {
    await body.cleanup()
  }
})

/** `GET /api/regency/public/map.geojson` (no token): every active village's boundary (`batas-desa`), at the regency host. */
export const regencyMapApi = apiCall('GET', async ({ request }: LoaderFunctionArgs) => {
  if (scopeKey('the regency API') !== REGENCY) throw new HttpError(404, 'Not found')
  const body = boundariesGeoJson(await villageBoundaries(new URL(request.url)))
  return new Response(body, {
    headers: { 'Content-Type': 'application/geo+json; charset=utf-8', 'Cache-Control': 'no-store' },
  })
})
