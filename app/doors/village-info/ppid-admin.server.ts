import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { jsonWithSuccess, redirectWithSuccess } from 'remix-toast'
import { can, requirePermission } from '~/auth/session.server'
import {
  createDipEntry,
  deleteDipEntry,
  DIP_CLASSES,
  getDipEntry,
  listDipEntries,
  register,
  REGISTER_TYPES,
  type RegisterType,
  updateDipEntry,
} from '~/models/village-info/ppid-dip.server'
import { routeId } from '~/doors/site/admin.server'
import { formTexts, readFormFields } from '~/utils/form-input.server'
import { HttpError } from '~/utils/http.server'
import { now } from '~/utils/clock.server'
import { getEnv } from '~/utils/config.server'
import { ADMIN_PAGE_SIZE, parseListQuery } from '~/lib/paging'
import { wallClockOf } from '~/lib/zoned-time'
import { activityOf, orNotFound, screenRefusal, type ScreenFailure } from '~/doors/site/door-kit.server'

/**
 * The back office's screens of the PPID (decision 077), for staff without an API client, working without scripts:
 * the Daftar Informasi Publik's manual entries at `/admin/ppid/dip` (list, `baru`, `{id}`: the documents-*
 * permissions, like `/api/admin/ppid/dip`) and the registers at `/admin/ppid/register?year&type` (reports-index,
 * like `/api/admin/ppid/register`), with their CSV link and a print view (`&cetak=1`).
 */

const noteDocument = activityOf('documents')

/** `/admin/ppid/dip?page`: the manual entries. */
export async function dipListLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, 'documents-index')
  const url = new URL(request.url)
  return {
    page: await listDipEntries(parseListQuery(url.searchParams, ADMIN_PAGE_SIZE), url.pathname),
    canCreate: can(user, 'documents-create'),
  }
}

/** `/admin/ppid/dip/baru` and `/admin/ppid/dip/{id}`: the entry's form. */
export async function dipEntryLoader({ request, params }: LoaderFunctionArgs) {
  const creating = params.id === 'baru'
  const user = await requirePermission(request, creating ? 'documents-create' : ['documents-show', 'documents-edit'])
  return orNotFound(async () => ({
    entry: creating ? null : await getDipEntry(routeId(params.id)),
    classes: DIP_CLASSES,
    canSave: can(user, creating ? 'documents-create' : ['documents-update', 'documents-edit']),
    canDelete: !creating && can(user, 'documents-delete'),
  }))
}

const ENTRY_FIELDS = ['title', 'summary', 'class', 'url', 'official', 'responsible', 'made_at', 'form', 'retention']

export async function dipEntryAction({ request, params }: ActionFunctionArgs) {
  const creating = params.id === 'baru'
  try {
    const form = await readFormFields(request)
    if (form.get('intent') === 'delete') {
      const user = await requirePermission(request, 'documents-delete')
      const id = routeId(params.id)
      await deleteDipEntry(id)
      await noteDocument(request, user, 'delete', id, 'DIP entry')
      return redirectWithSuccess('/admin/ppid/dip', { message: 'Entri dihapus', duration: 3000 })
    }
    const user = await requirePermission(
      request,
      creating ? 'documents-create' : ['documents-update', 'documents-edit'],
    )
    const input = formTexts(form, ENTRY_FIELDS)
    const saved = creating ? await createDipEntry(input) : await updateDipEntry(routeId(params.id), input)
    await noteDocument(request, user, creating ? 'create' : 'update', saved.id, `DIP: ${saved.title}`)
    if (creating) return redirectWithSuccess('/admin/ppid/dip', { message: 'Entri ditambahkan', duration: 3000 })
    return jsonWithSuccess<ScreenFailure>({ errors: null }, { message: 'Entri disimpan', duration: 3000 })
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof HttpError && error.status === 404) throw new Response(error.message, { status: 404 })
    return screenRefusal(error)
  }
}

/** `/admin/ppid/register?year&type` (`&cetak=1`: the print view): a register of requests or objections. */
export async function registerScreenLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'reports-index')
  const params = new URL(request.url).searchParams
  const thisYear = wallClockOf(now().getTime(), getEnv().TZ).year
  const rawYear = Number(params.get('year'))
  const year = Number.isInteger(rawYear) && rawYear >= 2000 && rawYear <= thisYear ? rawYear : thisYear
  const rawType = params.get('type') as RegisterType
  const type = REGISTER_TYPES.includes(rawType) ? rawType : 'permohonan'
  const years = Array.from({ length: Math.min(10, thisYear - 1999) }, (_, n) => thisYear - n)
  return { rows: await register(year, type), year, type, years, print: params.get('cetak') === '1' }
}
