import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/session.server'
import { ADMIN_PAGE_SIZE, parseListQuery, PUBLIC_PAGE_SIZE } from '~/lib/paging'
import {
  createVillage,
  deleteVillage,
  listVillages,
  regencyNews,
  REGENCY_PERMISSION,
  updateVillage,
} from '~/models/regency.server'
import { REGENCY } from '~/models/villages.server'
import { apiCall, apiSuccess, forbidden, handleApi, HttpError, readJsonObject } from '~/utils/http.server'
import { scopeKey } from '~/utils/village-scope.server'

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
