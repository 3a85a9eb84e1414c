import type { LoaderFunctionArgs } from '@remix-run/node'
import { villagesWithin } from '~/models/regency/regency.server'
import { figuresCsv, regencyFigures } from '~/models/regency/regency-figures.server'
import {
  createRegencyUser,
  deleteRegencyUser,
  getRegencyUser,
  listRegencyUsers,
  updateRegencyUser,
} from '~/models/regency/regency-users.server'
import { apiCall, apiSuccess, validationError } from '~/utils/http.server'
import { regencyRecordDoors, requireRegencyReader } from '~/doors/regency/regency-api.server'

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

/** GET /api/regency/users?page&search, POST /api/regency/users (JSON); GET, PUT, DELETE /api/regency/users/{id} */
export const { listApi: regencyUsersApi, recordApi: regencyUserApi } = regencyRecordDoors('User', (user) => user.name, {
  list: listRegencyUsers,
  get: getRegencyUser,
  create: createRegencyUser,
  update: updateRegencyUser,
  remove: (id, admin) => deleteRegencyUser(id, admin.id),
})
