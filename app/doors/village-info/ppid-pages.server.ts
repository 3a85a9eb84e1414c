import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '~/auth/session.server'
import { parseId } from '~/models/site/crud.server'
import { siteIdentity } from '~/models/site/site-identity.server'
import {
  annualReport,
  createDipEntry,
  deleteDipEntry,
  dipEntries,
  dipYearsOf,
  getDipEntry,
  listDipEntries,
  register,
  REGISTER_HEADER,
  REGISTER_TYPES,
  reportYears,
  updateDipEntry,
  type DipItem,
  type RegisterType,
} from '~/models/village-info/ppid-dip.server'
import { publicApiSuccess } from '~/public-reads/read-memo.server'
import { now } from '~/utils/clock.server'
import { getEnv } from '~/utils/config.server'
import { csvResponse } from '~/utils/csv-response.server'
import {
  apiCall,
  apiSuccess,
  handleApi,
  HttpError,
  notFound,
  readJsonObject,
  validationError,
} from '~/utils/http.server'
import { csvOf } from '~/lib/csv'
import { ADMIN_PAGE_SIZE, paginate, parseListQuery } from '~/lib/paging'
import { wallClockOf } from '~/lib/zoned-time'
import { activityOf } from '~/doors/site/door-kit.server'

/**
 * The doors of the Daftar Informasi Publik, the registers and the annual report (docs/api.md "Public information,
 * the whole cycle"; decision 077): the public API and pages, and the staff's API (manual DIP entries with the
 * documents-* permissions; the registers, which name citizens, with reports-index).
 */

const noteDocument = activityOf('documents')

const thisYear = () => wallClockOf(now().getTime(), getEnv().TZ).year

/** `year` of an address: absent is null; anything but a year from 2000 to 2100 is a 422 on `Year`. */
function yearParam(params: URLSearchParams): number | null {
  const raw = params.get('year')?.trim()
  if (!raw) return null
  if (!/^\d{4}$/.test(raw) || Number(raw) < 2000 || Number(raw) > 2100)
    throw validationError({ Year: 'Year must be a year from 2000 to 2100' })
  return Number(raw)
}

/** The entries with absolute addresses on the host the request came to. */
async function absolute(request: Request, items: DipItem[]): Promise<DipItem[]> {
  const origin = (await siteIdentity(request)).url.replace(/\/+$/, '')
  return items.map((item) => (item.url.startsWith('/') ? { ...item, url: `${origin}${item.url}` } : item))
}

/** `GET /api/public/ppid/dip?year`. */
export const dipApi = apiCall<LoaderFunctionArgs>('GET', async ({ request }) => {
  const year = yearParam(new URL(request.url).searchParams)
  return publicApiSuccess(request, 'Daftar Informasi Publik', await absolute(request, await dipEntries(year)))
})

/** The report's year from a path: 2000 to this year, else the 404 of a report that does not exist. */
function reportYear(raw: string | undefined): number {
  const year = /^\d{4}$/.test(raw ?? '') ? Number(raw) : NaN
  if (!(year >= 2000 && year <= thisYear())) throw notFound('Report')
  return year
}

/** `GET /api/public/ppid/report/{year}`. */
export const annualReportApi = apiCall<LoaderFunctionArgs>('GET', async ({ request, params }) =>
  publicApiSuccess(request, 'Laporan Layanan Informasi Publik', await annualReport(reportYear(params.year))),
)

// ---------------------------------------------------------------------------------------------------------------
// Manual entries (documents-*)

const entryId = (raw: string | undefined) => {
  const id = parseId(raw)
  if (id === null) throw notFound('Entry')
  return id
}

/** `GET /api/admin/ppid/dip` (documents-index) and `POST` (documents-create). */
export const dipEntriesApi = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const url = new URL(request.url)
    if (request.method === 'GET' || request.method === 'HEAD') {
      await requirePermission(request, 'documents-index')
      return apiSuccess(
        'List Data Entries',
        await listDipEntries(parseListQuery(url.searchParams, ADMIN_PAGE_SIZE), url.pathname),
      )
    }
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    const user = await requirePermission(request, 'documents-create')
    const entry = await createDipEntry(await readJsonObject(request))
    await noteDocument(request, user, 'create', entry.id, `DIP: ${entry.title}`)
    return apiSuccess('Entry created successfully', entry, 201)
  })

/** `GET/PUT/DELETE /api/admin/ppid/dip/{id}`. */
export const dipEntryApi = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const id = entryId(params.id)
    if (request.method === 'GET' || request.method === 'HEAD') {
      await requirePermission(request, ['documents-show', 'documents-edit'])
      return apiSuccess('Detail Data Entry', await getDipEntry(id))
    }
    if (request.method === 'PUT') {
      const user = await requirePermission(request, ['documents-update', 'documents-edit'])
      const entry = await updateDipEntry(id, await readJsonObject(request))
      await noteDocument(request, user, 'update', id, `DIP: ${entry.title}`)
      return apiSuccess('Entry updated successfully', entry)
    }
    if (request.method === 'DELETE') {
      const user = await requirePermission(request, 'documents-delete')
      await deleteDipEntry(id)
      await noteDocument(request, user, 'delete', id, 'DIP entry')
      return apiSuccess('Entry deleted successfully', null)
    }
    throw new HttpError(405, 'Method Not Allowed')
  })

// ---------------------------------------------------------------------------------------------------------------
// Registers (reports-index: they name citizens)

function registerParams(params: URLSearchParams): { year: number; type: RegisterType } {
  const year = yearParam(params) ?? thisYear()
  const type = (params.get('type')?.trim() || 'permohonan') as RegisterType
  if (!REGISTER_TYPES.includes(type))
    throw validationError({ Type: `Type must be one of ${REGISTER_TYPES.join(', ')}` })
  return { year, type }
}

/** `GET /api/admin/ppid/register?year&type`. */
export const registerApi = apiCall<LoaderFunctionArgs>('GET', async ({ request }) => {
  await requirePermission(request, 'reports-index')
  const { year, type } = registerParams(new URL(request.url).searchParams)
  return apiSuccess('Register', await register(year, type))
})

export const registerCsv = (rows: Awaited<ReturnType<typeof register>>) =>
  csvOf([
    [...REGISTER_HEADER],
    ...rows.map((row) => REGISTER_HEADER.map((key) => (row[key] === null ? '' : row[key]) as string | number)),
  ])

/** `GET /api/admin/ppid/register.csv?year&type`. */
export const registerCsvApi = apiCall<LoaderFunctionArgs>('GET', async ({ request }) => {
  await requirePermission(request, 'reports-index')
  const { year, type } = registerParams(new URL(request.url).searchParams)
  const response = csvResponse(registerCsv(await register(year, type)), `register-${type}-${year}.csv`)
  response.headers.set('Cache-Control', 'private, no-store')
  return response
})

// ---------------------------------------------------------------------------------------------------------------
// Pages

export const DIP_PAGE_SIZE = 25

export const DIP_CSV_HEADER = [
  'Judul',
  'Ringkasan Isi Informasi',
  'Klasifikasi',
  'Alamat',
  'Pejabat/Unit yang Menguasai',
  'Penanggung Jawab',
  'Waktu Pembuatan',
  'Bentuk Informasi',
  'Jangka Waktu Penyimpanan',
]

/** `/ppid/daftar-informasi.csv?year`: the whole list (or a year's) as CSV. */
export async function dipCsvLoader({ request }: LoaderFunctionArgs) {
  let year: number | null
  try {
    year = yearParam(new URL(request.url).searchParams)
  } catch {
    year = null
  }
  const rows = await absolute(request, await dipEntries(year))
  return csvResponse(
    csvOf([
      DIP_CSV_HEADER,
      ...rows.map((item) => [
        item.title,
        item.summary,
        item.class,
        item.url,
        item.official,
        item.responsible,
        item.made_at,
        item.form,
        item.retention,
      ]),
    ]),
    year ? `daftar-informasi-publik-${year}.csv` : 'daftar-informasi-publik.csv',
  )
}

/**
 * `/ppid/daftar-informasi?page&year&print`; `?format=csv` is its CSV: a page route's loader answers data, so that address
 * leads to the CSV's own (`/ppid/daftar-informasi.csv`, decision 078).
 */
export async function dipPageLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  let year: number | null
  try {
    year = yearParam(params)
  } catch {
    year = null
  }
  if (params.get('format') === 'csv') throw redirect(`/ppid/daftar-informasi.csv${year ? `?year=${year}` : ''}`)
  const items = await dipEntries(year)
  // `?print=1`: the whole list (or a year's) on one page, for printing (decision 077).
  const print = params.get('print') === '1'
  const query = parseListQuery(params, DIP_PAGE_SIZE)
  const limit = print ? Math.max(items.length, 1) : DIP_PAGE_SIZE
  const start = print ? 0 : (query.page - 1) * limit
  const page = paginate(
    items.slice(start, start + limit),
    items.length,
    { ...query, page: print ? 1 : query.page, limit },
    '/ppid/daftar-informasi',
  )
  return { page, year, years: await dipYears(), print }
}

/** The years the DIP has entries of, newest first (the page's filter). */
const dipYears = () => dipYearsOf()

/** `/ppid/laporan/{year}`. */
export async function reportPageLoader({ params }: LoaderFunctionArgs) {
  let year: number
  try {
    year = reportYear(params.year)
  } catch {
    throw new Response('Not Found', { status: 404 })
  }
  return { report: await annualReport(year), years: await reportYears() }
}

export const ppidReportYears = reportYears

/** The loader or action of a route for the methods it does not take. */
export { methodNotAllowed } from '~/utils/http.server'
