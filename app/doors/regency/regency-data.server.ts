import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { ADMIN_PAGE_SIZE, parseListQuery } from '~/lib/paging'
import { villagesWithin } from '~/models/regency/regency.server'
import { figuresCsv, regencyFigures } from '~/models/regency/regency-figures.server'
import {
  createRegencyUser,
  deleteRegencyUser,
  getRegencyUser,
  listRegencyUsers,
  updateRegencyUser,
} from '~/models/regency/regency-users.server'
import { parseId } from '~/models/site/crud.server'
import {
  apiCall,
  apiSuccess,
  handleApi,
  HttpError,
  notFound,
  readJsonObject,
  validationError,
} from '~/utils/http.server'
import { requireRegencyAdmin, requireRegencyReader } from '~/doors/regency/regency-api.server'
import { noteActivity } from '~/doors/site/door-kit.server'

/**
 * The regency's data (docs/api.md "The regency's data"): its accounts (`/api/regency/users`, `kabupaten` only) and
 * the figures of its villages (`/api/regency/figures[.csv]`, a camat's kecamatan only). The console's screens
 * (app/doors/regency/regency-screens.server.ts) call the same models.
 */

/** `year` of the figures: absent (each village's newest published APBDes), or a year 2000 to 2100 (key `Year`). */
export function figuresYear(url: URL): number | null {
  const given = url.searchParams.get('year')?.trim()
  if (!given) return null
  if (!/^\d{4}$/.test(given) || Number(given) < 2000 || Number(given) > 2100)
    throw validationError({ Year: 'Year must be a year from 2000 to 2100' })
  return Number(given)
}

/** GET /api/regency/figures?year */
export const figuresApi = apiCall('GET', async ({ request }: LoaderFunctionArgs) => {
  const { reach } = await requireRegencyReader(request)
  const year = figuresYear(new URL(request.url))
  return apiSuccess('Regency Figures', await regencyFigures(villagesWithin(reach), year))
})

/** GET /api/regency/figures.csv?year: the villages' rows. */
export const figuresCsvApi = apiCall('GET', async ({ request }: LoaderFunctionArgs) => {
  const { reach } = await requireRegencyReader(request)
  const year = figuresYear(new URL(request.url))
  const body = figuresCsv(await regencyFigures(villagesWithin(reach), year))
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="angka-desa${year ? `-${year}` : ''}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
})

const logUser = (
  request: Request,
  actor: { id: number; name: string },
  action: 'create' | 'update' | 'delete',
  user: { id: number; name: string },
) => noteActivity(request, actor, { action, resource: 'users', resourceId: user.id, summary: user.name })

/** GET /api/regency/users?page&search, POST /api/regency/users (JSON) */
export const regencyUsersApi = ({ request }: LoaderFunctionArgs | ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST')
      throw new HttpError(405, 'Method Not Allowed')
    const actor = await requireRegencyAdmin(request)
    if (request.method === 'POST') {
      const created = await createRegencyUser(await readJsonObject(request))
      await logUser(request, actor, 'create', created)
      return apiSuccess('User created successfully!', created, 201)
    }
    const url = new URL(request.url)
    return apiSuccess(
      'List Data Users',
      await listRegencyUsers(parseListQuery(url.searchParams, ADMIN_PAGE_SIZE), url.pathname),
    )
  })

/** GET, PUT, DELETE /api/regency/users/{id} */
export const regencyUserApi = ({ request, params }: LoaderFunctionArgs | ActionFunctionArgs) =>
  handleApi(request, async () => {
    const actor = await requireRegencyAdmin(request)
    const id = parseId(params.id)
    if (id === null) throw notFound('User')
    if (request.method === 'GET' || request.method === 'HEAD')
      return apiSuccess('Detail Data User', await getRegencyUser(id))
    if (request.method === 'PUT') {
      const updated = await updateRegencyUser(id, await readJsonObject(request))
      await logUser(request, actor, 'update', updated)
      return apiSuccess('User updated successfully!', updated)
    }
    if (request.method === 'DELETE') {
      const removed = await deleteRegencyUser(id, actor.id)
      await logUser(request, actor, 'delete', removed)
      return apiSuccess('User deleted successfully!', null)
    }
    throw new HttpError(405, 'Method Not Allowed')
  })
